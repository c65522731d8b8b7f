/**
 * How a Deno-style import in an Edge Function maps to what is installed here.
 * `npm:pkg@ver/sub`, `jsr:@scope/pkg@ver` and `https://esm.sh/pkg@ver/sub` become the npm package `pkg/sub`,
 * so the same file deploys unchanged to hosted Supabase.
 */
export type Mapped =
  | { kind: 'package'; name: string; subpath: string; version: string | null }
  | { kind: 'deno-std-http' }
  | { kind: 'unsupported'; reason: string }
  | null;

const PACKAGE = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(\/.*)?$/;

function packageSpec(spec: string): Mapped {
  const m = PACKAGE.exec(spec);
  if (!m) return { kind: 'unsupported', reason: `"${spec}" is not a package name` };
  return { kind: 'package', name: m[1], version: m[2] || null, subpath: m[3] ?? '' };
}

export function mapSpecifier(spec: string): Mapped {
  if (spec.startsWith('npm:')) return packageSpec(spec.slice(4).replace(/^\/+/, ''));
  if (spec.startsWith('jsr:')) return packageSpec(spec.slice(4).replace(/^\/+/, ''));
  if (/^https?:\/\//.test(spec)) {
    const url = new URL(spec);
    if (url.hostname === 'esm.sh') {
      // esm.sh paths may carry a build prefix: /v135/pkg@1, /stable/pkg@1.
      const path = url.pathname.replace(/^\/(?:v\d+|stable)\//, '/').slice(1);
      return packageSpec(path);
    }
    if (url.hostname === 'deno.land' && /^\/std(@[^/]+)?\/http\/server\.ts$/.test(url.pathname))
      return { kind: 'deno-std-http' };
    return {
      kind: 'unsupported',
      reason: `remote import ${spec} cannot be fetched here; import it as npm:<package>@<version> instead`,
    };
  }
  return null;
}

/** True when the installed version satisfies the major (or 0.minor) the import asks for. */
export function sameMajor(requested: string | null, installed: string): boolean {
  if (!requested || requested === 'latest' || requested === '*') return true;
  const want = /^[~^=v]?(\d+)(?:\.(\d+))?/.exec(requested);
  const have = /^(\d+)\.(\d+)/.exec(installed);
  if (!want || !have) return true;
  if (want[1] !== have[1]) return false;
  return want[1] !== '0' || want[2] === undefined || want[2] === have[2];
}
