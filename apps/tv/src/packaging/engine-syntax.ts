import { parseAst, type Plugin } from 'vite';

/**
 * The oldest engine the TV variants ship (decision 0079): Tizen 5.0's Chromium 63. Vite lowers the
 * app's syntax to it (build.target); this check proves it did, for the app's code and every
 * dependency's, on the built chunks.
 */
export const TV_ENGINE_TARGET = 'chrome63';

/** A construct the target engine cannot parse, with the Chromium version that added it. */
export interface SyntaxProblem {
  feature: string;
  since: number;
  offset: number;
}

type Node = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Node types newer than Chromium 63, by the version that parses them. */
const NODE_FEATURES: Record<string, [string, number]> = {
  ChainExpression: ['optional chaining', 80],
  PropertyDefinition: ['class fields', 72],
  PrivateIdentifier: ['private class members', 74],
  StaticBlock: ['class static blocks', 94],
};

/** Regular expression syntax newer than Chromium 63 (esbuild leaves regex literals as they are). */
const REGEX_FEATURES: [RegExp, string, number][] = [
  [/\(\?<(?![=!])/, 'regex named capture groups', 64],
  [/\\[pP]\{/, 'regex Unicode property escapes', 64],
];

/**
 * Syntax in `code` (an ES module) newer than Chromium 63: ES2019's optional catch binding and
 * everything after, and the ES2018 regex additions Chromium shipped in 64. Parsing fails outright on
 * nothing that an ES module of the target could hold, so any parse error is the caller's to report.
 */
export function syntaxNewerThanTarget(code: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const add = (node: Node, feature: string, since: number) =>
    problems.push({ feature, since, offset: node.start });
  const visit = (node: Node) => {
    const known = NODE_FEATURES[node.type];
    if (known) add(node, ...known);
    if (node.type === 'CatchClause' && node.param === null) add(node, 'optional catch binding', 66);
    if (node.type === 'LogicalExpression' && node.operator === '??') add(node, 'nullish coalescing', 80);
    if (node.type === 'AssignmentExpression' && /^(\?\?|\|\||&&)=$/.test(String(node.operator)))
      add(node, 'logical assignment', 85);
    if (node.type === 'MetaProperty' && (node.meta as { name: string }).name === 'import')
      add(node, 'import.meta', 64);
    if (node.type === 'AwaitExpression' && !insideFunction.length) add(node, 'top-level await', 89);
    if (node.type === 'ExportAllDeclaration' && node.exported) add(node, 'export * as name', 72);
    if (node.type === 'Literal') {
      if (typeof node.bigint === 'string') add(node, 'BigInt literals', 67);
      const regex = node.regex as { pattern: string; flags: string } | undefined;
      if (regex) {
        for (const [test, feature, since] of REGEX_FEATURES)
          if (test.test(regex.pattern)) add(node, feature, since);
        if (/[dv]/.test(regex.flags)) add(node, `regex flag ${regex.flags}`, 90);
      }
    }
    const fn = /Function/.test(node.type);
    if (fn) insideFunction.push(true);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((v) => isNode(v) && visit(v));
      else if (isNode(value)) visit(value);
    }
    if (fn) insideFunction.pop();
  };
  const insideFunction: boolean[] = [];
  visit(parseAst(code) as unknown as Node);
  return problems;
}

/** Fails the build when a built chunk holds syntax the target engine cannot parse. */
export function engineSyntaxCheck(): Plugin {
  return {
    name: 'marquee-tv-engine-syntax',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const p of syntaxNewerThanTarget(chunk.code)) {
          const at = chunk.code.slice(Math.max(0, p.offset - 30), p.offset + 50).replace(/\s+/g, ' ');
          found.push(`${chunk.fileName}: ${p.feature} (Chromium ${p.since}) near "${at}"`);
        }
      }
      if (found.length)
        this.error(`Syntax newer than ${TV_ENGINE_TARGET} (decision 0079):\n${found.join('\n')}`);
    },
  };
}
