import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import type { Processor } from 'unified';
import { knownTreeExtension, optionalSyntax } from './remark-parse.ts';
import { mayHoldDirective } from './syntax-presence.ts';

/**
 * Directives (`:name`, `::name`, `:::name`) parsed as remark-directive parses them, the syntax
 * extension given with the test that lets remark-parse.ts leave it out of a body without a
 * directive. This pipeline never serialises through unified, so no stringify extension.
 */
export default function remarkDirective(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(optionalSyntax(directive(), mayHoldDirective, 'directive'));
  (data.fromMarkdownExtensions ??= []).push(knownTreeExtension(directiveFromMarkdown()));
}
