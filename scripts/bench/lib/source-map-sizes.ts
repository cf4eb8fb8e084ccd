import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/**
 * Attributes the bytes of a built chunk to the source files named by its source map, so the
 * web report can say what is in the initial chunks the first page actually ships
 * (docs/quality.md 'Web build'). Unmapped bytes count as '(no source map)': the bundler's runtime
 * and the locale JSON, which Vite bundles without a map.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one base64 VLQ segment of a source map into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Bytes of generated code per source path, for one chunk and its `.map`. */
export function bytesPerSource(jsPath: string): Map<string, number> {
  if (!existsSync(`${jsPath}.map`)) {
    return new Map([['(no source map)', readFileSync(jsPath).length]]);
  }
  const code = readFileSync(jsPath, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(`${jsPath}.map`, 'utf8')) as SourceMap;
  const sizes = new Map<string, number>();
  // Sources are relative to the map's folder; name them from the repository root.
  const sources = map.sources.map((source) =>
    path
      .relative(ROOT, path.resolve(path.dirname(jsPath), source))
      .split(path.sep)
      .join('/'),
  );
  const add = (source: string, bytes: number) => {
    if (bytes > 0) sizes.set(source, (sizes.get(source) ?? 0) + bytes);
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = code[lineIndex] ?? '';
    let column = 0;
    let previousColumn = 0;
    let previousSource: string | undefined = '(no source map)';
    for (const segment of line.split(',').filter(Boolean)) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      add(
        previousSource ?? '(no source map)',
        Buffer.byteLength(text.slice(previousColumn, column)),
      );
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        previousSource = sources[sourceIndex];
      } else {
        previousSource = '(no source map)';
      }
      previousColumn = column;
    }
    add(previousSource ?? '(no source map)', Buffer.byteLength(text.slice(previousColumn)) + 1);
  });
  return sizes;
}

/** 'react-dom', '@tanstack/query-core', or the folder of our own code ('apps/web/src/lib'). */
export function packageOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const web = /^apps\/web\/src\/(features\/[^/]+|[^/]+)\//.exec(source);
  if (web) return `apps/web/src/${web[1]}`;
  const domain = /^packages\/domain\/src\/(messages\/)?/.exec(source);
  if (domain) return `packages/domain/src${domain[1] ? '/messages' : ''}`;
  return source;
}
