import type { Plugin } from 'vite';

const ENV_SCRIPT = /<script\b([^>]*)\bsrc="\/env\.js"([^>]*)><\/script>/;

/**
 * `/env.js` is the runtime configuration the backend (or the static host) serves next to the app:
 * it is never bundled. The build leaves the tag as written, without warning about it, and fails if
 * the app's module script would run before it (a deferred or classic env.js must come first).
 */
export function runtimeEnvScript(): Plugin {
  return {
    name: 'runtime-env-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return html.replace(ENV_SCRIPT, (tag, before: string, after: string) =>
          /\bvite-ignore\b/.test(tag) ? tag : `<script${before}vite-ignore src="/env.js"${after}></script>`,
        );
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const html = String(asset.source);
          const env = html.search(ENV_SCRIPT);
          const app = html.search(/<script\b[^>]*type="module"/);
          if (env < 0) this.error(`${asset.fileName}: the <script src="/env.js"> tag is missing`);
          if (/<script\b[^>]*\basync\b[^>]*src="\/env\.js"/.test(html))
            this.error(`${asset.fileName}: /env.js must not be async`);
          if (app >= 0 && app < env) this.error(`${asset.fileName}: the app's module script comes before /env.js`);
        }
      },
    },
  };
}
