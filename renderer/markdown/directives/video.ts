import path from 'node:path';
import { TEXTS } from '../../../theme/shared/texts/index.ts';
import { element, hasClass } from './directive-nodes.ts';
import type { LeafEntry } from './types.ts';

/** Containers browsers play, by file extension: the `<source type>` lets them skip what they can't. */
const VIDEO_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
};
const ATTRIBUTES = ['src', 'title', 'poster', 'captions', 'lang'];

/** The captions language's own name ("English", "Deutsch") for the player's captions menu. */
function languageName(lang: string): string | undefined {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(lang);
  } catch {
    return undefined;
  }
}

/**
 * `::video{src="/media/demo.mp4" title="…" poster="/media/demo.jpg" captions="/media/demo.vtt"}`:
 * a self-hosted clip with the browser's controls. It never autoplays and loads nothing until the
 * reader presses play (`preload="none"`; the poster stands in). `title` names it for screen
 * readers and is shown as its caption; `captions` is a WebVTT file in the language `lang` (en).
 */
export const video: LeafEntry = {
  names: ['video'],
  kind: 'leaf',
  render(node, context) {
    const attrs: Record<string, string | undefined> = Object.fromEntries(
      Object.entries(node.attributes ?? {}).map(([k, v]) => [k, v ?? '']),
    );
    const problem = (message: string, hint: string) => {
      context.report(node, message, hint);
      return [];
    };
    const unknown = Object.keys(attrs).filter((name) => !ATTRIBUTES.includes(name));
    if (unknown.length)
      return problem(
        `::video has unknown attributes: ${unknown.join(', ')}`,
        `Known attributes: ${ATTRIBUTES.join(', ')}.`,
      );
    const title = attrs.title?.trim();
    if (!title)
      return problem(
        '::video needs a title',
        'Add title="…": it names the video for screen readers and is shown below it.',
      );
    if (!attrs.src) return problem('::video needs a src', 'Add src="/media/clip.mp4", a file in content/static.');
    const type = VIDEO_TYPES[path.posix.extname(attrs.src.split(/[?#]/)[0]).toLowerCase()];
    if (!type)
      return problem(
        `::video cannot play "${attrs.src}"`,
        `Use one of ${Object.keys(VIDEO_TYPES).join(', ')} (MP4 with H.264 plays everywhere).`,
      );
    if (attrs.captions !== undefined && !/\.vtt$/i.test(attrs.captions.split(/[?#]/)[0])) {
      return problem(
        `::video captions must be a WebVTT file: "${attrs.captions}"`,
        'Browsers read captions only as WebVTT (.vtt).',
      );
    }
    const lang = attrs.lang ?? 'en';
    const label = languageName(lang);
    if (attrs.lang !== undefined && !label)
      return problem(
        `::video lang is not a language tag: "${attrs.lang}"`,
        'Write a BCP 47 tag such as en, de or pt-BR.',
      );
    // Every file is checked (one problem each), then the element is built only if all exist.
    const src = context.file(node, attrs.src);
    const poster = attrs.poster !== undefined ? context.file(node, attrs.poster) : undefined;
    const captions = attrs.captions !== undefined ? context.file(node, attrs.captions) : undefined;
    if (!src || (attrs.poster !== undefined && !poster) || (attrs.captions !== undefined && !captions)) return [];
    const children = [element('source', { src, type }, [])];
    if (captions)
      children.push(element('track', { kind: 'captions', src: captions, srcLang: lang, label, default: true }, []));
    // Shown only by browsers that cannot play video at all.
    children.push(
      element('p', {}, [element('a', { href: src }, [{ type: 'text', value: TEXTS.videoDownload(title) }])]),
    );
    const player = element('video', { controls: true, preload: 'none', poster, ariaLabel: title }, children);
    return [
      {
        ...element('figure', { className: ['video'] }, [
          player,
          element('figcaption', {}, [{ type: 'text', value: title }]),
        ]),
        position: node.position,
      },
    ];
  },
  // The copy links the clip under its title: an agent or a Markdown reader can still fetch it.
  markdown: ({ attributes }) =>
    attributes.src ? `[${TEXTS.videoMarkdown(attributes.title ?? attributes.src)}](${attributes.src})` : undefined,
  search: {
    // Its title is what a reader could search for; the fallback link is not content.
    record: (el, textOf) =>
      el.tagName === 'figure' && hasClass(el, 'video')
        ? textOf(el.children.find((c) => c.type === 'element' && c.tagName === 'figcaption') as any)
        : undefined,
  },
};
