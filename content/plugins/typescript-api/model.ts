import { headingSlugger } from '../../../theme/shared/slug.ts';
import type { JSONOutput as J } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import { referencedIds, type LinkTarget, type Resolve } from './markdown/type-format.ts';
import { DOC_ROOT, MODULES_DOC_ID } from './doc-root.ts';

/**
 * The generated reference as pages before any Markdown is written: which reflection gets which
 * page, route and heading anchor. Every link is resolved against this one model, so a link can
 * only point at a page and heading that the generator also writes.
 */

/** A declaration (module, class, member, …) in TypeDoc's JSON. */
export type Decl = J.DeclarationReflection;
/** A call, constructor or accessor signature in TypeDoc's JSON. */
export type Sig = J.SignatureReflection;

export { DOC_ROOT, MODULES_DOC_ID };

/** A kind of top-level export and the folder its pages live in. */
export interface KindInfo {
  kind: ReflectionKind;
  folder: string;
  singular: string;
  plural: string;
}

/** Page kinds in the order they are listed in module indexes and the sidebar. */
export const PAGE_KINDS: KindInfo[] = [
  { kind: ReflectionKind.Class, folder: 'classes', singular: 'Class', plural: 'Classes' },
  { kind: ReflectionKind.Function, folder: 'functions', singular: 'Function', plural: 'Functions' },
  { kind: ReflectionKind.Interface, folder: 'interfaces', singular: 'Interface', plural: 'Interfaces' },
  { kind: ReflectionKind.Enum, folder: 'enumerations', singular: 'Enumeration', plural: 'Enumerations' },
  { kind: ReflectionKind.TypeAlias, folder: 'type-aliases', singular: 'Type alias', plural: 'Type Aliases' },
  { kind: ReflectionKind.Variable, folder: 'variables', singular: 'Variable', plural: 'Variables' },
];

/** One documented module of the package and its exports grouped by kind. */
export interface ModuleInfo {
  /** TypeDoc's module name, e.g. `api/client.gen`. */
  name: string;
  reflection: Decl;
  docId: string;
  groups: GroupInfo[];
}

/** The exports of one kind in one module, e.g. the classes of `api/client.gen`. */
export interface GroupInfo {
  kind: KindInfo;
  module: ModuleInfo;
  docId: string;
  pages: PageInfo[];
}

/** One exported declaration and its page. */
export interface PageInfo {
  reflection: Decl;
  kind: KindInfo;
  module: ModuleInfo;
  docId: string;
}

/** How a class member is presented. */
export type MemberStyle = 'constructor' | 'property' | 'accessor' | 'method';

/** A member of a class page with its heading and anchor. */
export interface MemberEntry {
  member: Decl;
  style: MemberStyle;
  /** Heading text: `withExec()` for callables, `name` for properties. */
  heading: string;
  /** GitHub-style slug of the heading, unique on its page. */
  anchor: string;
  /** Call signatures to document (several for overloads; none for plain properties). */
  signatures: Sig[];
}

/** A `##` section of a class page (Constructors, Properties, …). */
export interface SectionEntry {
  title: string;
  anchor: string;
  members: MemberEntry[];
}

/** The headings of a class or interface page, in page order. */
export interface ClassLayout {
  sections: SectionEntry[];
  /** Members inherited from outside the SDK (e.g. `Error.stack`), named but not documented. */
  externalInherited: { from: string; names: string[] }[];
}

/** A place where an SDK type is used, for the "Used by" lists of type pages. */
export interface Usage {
  /** Plain text, e.g. `Container.withExec()`. */
  label: string;
  target: LinkTarget;
  /** How the type is used, e.g. `parameter opts` or `return type`. */
  role: string;
}

/** The route of a doc id: `reference/typescript` → `/reference/typescript`. */
export const docRoute = (docId: string) => `/${docId}`;

/** `a/b` → `a/b.md`; index docs (modules, groups, the overview) → `a/b/index.md`. */
export const relPathOf = (docId: string, index: boolean) => (index ? `${docId}/index.md` : `${docId}.md`);

/** A property whose type is a function (how the generated client declares its methods). */
function isFunctionProperty(m: Decl): boolean {
  return (
    m.kind === ReflectionKind.Property &&
    m.type?.type === 'reflection' &&
    !!m.type.declaration.signatures?.length &&
    !m.type.declaration.children?.length
  );
}

function styleOf(m: Decl): MemberStyle {
  if (m.kind === ReflectionKind.Constructor) return 'constructor';
  if (m.kind === ReflectionKind.Accessor) return 'accessor';
  if (m.kind === ReflectionKind.Method || isFunctionProperty(m)) return 'method';
  return 'property';
}

/** The signatures that document a member, wherever TypeDoc put them. */
export function signaturesOf(m: Decl): Sig[] {
  if (isFunctionProperty(m) && m.type?.type === 'reflection') return m.type.declaration.signatures ?? [];
  if (m.kind === ReflectionKind.Accessor) return [m.getSignature, m.setSignature].filter((s): s is Sig => !!s);
  return m.signatures ?? [];
}

const SECTION_OF: Record<MemberStyle, string> = {
  constructor: 'Constructors',
  property: 'Properties',
  accessor: 'Accessors',
  method: 'Methods',
};
const SECTION_ORDER = ['Constructors', 'Properties', 'Accessors', 'Methods'];

/** Looks a class member up by reflection id (members of every documented class). */
export type MemberLookup = (id: number) => Decl | undefined;

/**
 * Decides whether a declaration is documented: a top-level one by its name (`Changeset`), a member
 * by `Owner.member` (`Container.withExec`, `ContainerWithExecOpts.noInit`). Both references
 * (TypeScript pages and the GraphQL page) ask this one function, so excluding a name removes it
 * from both; a member of an excluded declaration is excluded too.
 */
export type MemberFilter = (owner: string, member?: string) => boolean;

/**
 * A filter that documents everything except the names listed: `Name` leaves out a whole
 * declaration (class, enum, type alias), `Owner.member` one member of it.
 */
export function excludeMembers(names: Iterable<string> = []): MemberFilter {
  const excluded = new Set(names);
  return (owner, member) => !excluded.has(owner) && (member === undefined || !excluded.has(`${owner}.${member}`));
}

/**
 * When a member is inherited, directly or through SDK classes, from a type outside the documented
 * modules (such as `Error.stack`), the name of that outside type; otherwise undefined. Such
 * members are named on the page but not documented, since the SDK does not define them.
 */
function externalOrigin(m: Decl, lookup: MemberLookup): string | undefined {
  const from = m.inheritedFrom;
  if (!from) return undefined;
  if (typeof from.target !== 'number') return from.name.split('.')[0];
  const parent = lookup(from.target);
  return parent ? externalOrigin(parent, lookup) : from.name.split('.')[0];
}

/**
 * Lays out a class or interface page and computes each heading's anchor exactly as rehype-slug
 * will (github-slugger, in document order), so member links can carry anchors.
 */
export function classLayout(
  decl: Decl,
  lookup: MemberLookup,
  documented: MemberFilter = excludeMembers(),
): ClassLayout {
  const external = new Map<string, string[]>();
  const bySection = new Map<string, MemberEntry[]>();
  for (const member of decl.children ?? []) {
    if (!documented(decl.name, member.name)) continue;
    const style = styleOf(member);
    const heading = style === 'property' ? member.name : `${member.name}()`;
    const outside = externalOrigin(member, lookup);
    if (outside) {
      external.set(outside, [...(external.get(outside) ?? []), heading]);
      continue;
    }
    const entry: MemberEntry = { member, style, heading, anchor: '', signatures: signaturesOf(member) };
    const title = SECTION_OF[style];
    bySection.set(title, [...(bySection.get(title) ?? []), entry]);
  }
  const slugger = headingSlugger();
  const sections: SectionEntry[] = [];
  for (const title of SECTION_ORDER) {
    const members = bySection.get(title);
    if (!members?.length) continue;
    const section = { title, anchor: slugger.slug(title), members };
    for (const m of members) m.anchor = slugger.slug(m.heading);
    sections.push(section);
  }
  return { sections, externalInherited: [...external].map(([from, names]) => ({ from, names })) };
}

/** The whole reference: modules, pages, and a resolver from reflection ids to links. */
export class ApiModel {
  readonly modules: ModuleInfo[] = [];
  readonly pages: PageInfo[] = [];
  readonly layouts = new Map<number, ClassLayout>();
  readonly usedBy = new Map<number, Usage[]>();
  /** Class reflection id → its type in the GraphQL reference, when the site has one. */
  readonly graphqlTypes = new Map<number, LinkTarget & { name: string }>();
  private readonly targets = new Map<number, LinkTarget>();
  private readonly pageById = new Map<number, PageInfo>();
  private readonly memberById = new Map<number, Decl>();

  constructor(
    readonly project: J.ProjectReflection,
    /** The version the pages document, as their prose names it. */
    readonly version: string,
    /** The npm package name, as code imports it. */
    readonly packageName: string,
    /** How generated prose names the package (the plugin's title). */
    readonly title: string,
    /** Which declarations and members are documented (every one unless told otherwise). */
    readonly documented: MemberFilter = excludeMembers(),
    /**
     * The version of the installed package the pages are generated from, when it differs from
     * `version` (the API version the pages document and their prose names).
     */
    readonly packageVersion: string = version,
  ) {
    // Members first: a layout needs to follow inheritance chains into other classes.
    for (const mod of project.children ?? [])
      for (const c of mod.children ?? []) for (const m of c.children ?? []) this.memberById.set(m.id, m);
    for (const mod of project.children ?? []) {
      if (mod.kind !== ReflectionKind.Module)
        throw new Error(
          `expected modules at the top of the TypeDoc project, found ${ReflectionKind[mod.kind]} ${mod.name}`,
        );
      this.addModule(mod);
    }
    this.collectUsages();
  }

  /** Resolves a reflection id to its page route and, for members, heading anchor. */
  readonly resolve: Resolve = (id) => this.targets.get(id);

  page(id: number): PageInfo | undefined {
    return this.pageById.get(id);
  }

  private addModule(mod: Decl): void {
    const info: ModuleInfo = { name: mod.name, reflection: mod, docId: `${DOC_ROOT}/${mod.name}`, groups: [] };
    this.modules.push(info);
    this.targets.set(mod.id, { route: docRoute(info.docId) });
    for (const child of mod.children ?? []) {
      if (!this.documented(child.name)) continue;
      const kind = PAGE_KINDS.find((k) => k.kind === child.kind);
      if (!kind) {
        // Failing loudly beats silently dropping an export a reader might look for.
        throw new Error(`${mod.name}: no page template for ${ReflectionKind[child.kind]} "${child.name}"`);
      }
      let group = info.groups.find((g) => g.kind === kind);
      if (!group) {
        group = { kind, module: info, docId: `${info.docId}/${kind.folder}`, pages: [] };
        info.groups.push(group);
      }
      const page: PageInfo = { reflection: child, kind, module: info, docId: `${group.docId}/${child.name}` };
      group.pages.push(page);
      this.pages.push(page);
      this.pageById.set(child.id, page);
      this.addTargets(page);
    }
    info.groups.sort((a, b) => PAGE_KINDS.indexOf(a.kind) - PAGE_KINDS.indexOf(b.kind));
  }

  /** Registers the page and everything nested in it (members, signatures, parameters). */
  private addTargets(page: PageInfo): void {
    const route = docRoute(page.docId);
    const decl = page.reflection;
    this.targets.set(decl.id, { route });
    const isClassLike = decl.kind === ReflectionKind.Class || decl.kind === ReflectionKind.Interface;
    if (isClassLike) {
      const layout = classLayout(decl, (id) => this.memberById.get(id), this.documented);
      this.layouts.set(decl.id, layout);
      for (const m of layout.sections.flatMap((s) => s.members)) this.addNested(m.member, { route, anchor: m.anchor });
    } else {
      for (const child of decl.children ?? []) this.addNested(child, { route });
      for (const sig of decl.signatures ?? []) this.addNested(sig, { route });
      if (decl.type) this.addTypeTargets(decl.type, { route });
    }
  }

  private addNested(r: Decl | Sig | J.ParameterReflection, to: LinkTarget): void {
    this.targets.set(r.id, to);
    if ('signatures' in r) for (const s of r.signatures ?? []) this.addNested(s, to);
    if ('children' in r) for (const c of r.children ?? []) this.addNested(c, to);
    if ('getSignature' in r && r.getSignature) this.addNested(r.getSignature, to);
    if ('setSignature' in r && r.setSignature) this.addNested(r.setSignature, to);
    if ('parameters' in r) for (const p of r.parameters ?? []) this.addNested(p, to);
    if (r.type) this.addTypeTargets(r.type, to);
  }

  private addTypeTargets(t: J.SomeType, to: LinkTarget): void {
    if (t.type === 'reflection') this.addNested(t.declaration, to);
  }

  /** Records, for every page type, the members and functions whose signatures mention it. */
  private collectUsages(): void {
    const add = (ids: Set<number>, usage: Usage) => {
      for (const id of ids) {
        if (!this.pageById.has(id)) continue;
        const list = this.usedBy.get(id) ?? [];
        if (!list.some((u) => u.label === usage.label && u.role === usage.role)) list.push(usage);
        this.usedBy.set(id, list);
      }
    };
    const fromSignature = (label: string, target: LinkTarget, sig: Sig) => {
      for (const p of sig.parameters ?? []) add(referencedIds(p.type), { label, target, role: `parameter ${p.name}` });
      add(referencedIds(sig.type), { label, target, role: 'return type' });
    };
    for (const page of this.pages) {
      const decl = page.reflection;
      const route = docRoute(page.docId);
      const layout = this.layouts.get(decl.id);
      if (layout) {
        for (const m of layout.sections.flatMap((s) => s.members)) {
          if (m.style === 'constructor') continue; // constructors are internal plumbing in this SDK
          const label = `${decl.name}.${m.heading}`;
          const target = { route, anchor: m.anchor };
          if (m.style === 'property') add(referencedIds(m.member.type), { label, target, role: 'property type' });
          for (const sig of m.signatures) fromSignature(label, target, sig);
        }
      } else if (decl.kind === ReflectionKind.TypeAlias) {
        for (const m of decl.children ?? [])
          add(referencedIds(m.type), { label: `${decl.name}.${m.name}`, target: { route }, role: 'member type' });
      } else if (decl.kind === ReflectionKind.Function) {
        for (const sig of decl.signatures ?? []) fromSignature(`${decl.name}()`, { route }, sig);
      }
    }
  }
}
