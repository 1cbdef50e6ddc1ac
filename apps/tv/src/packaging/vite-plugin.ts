import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import {
  launcherHtml,
  packageConfigProblems,
  tizenConfig,
  toXml,
  webosAppInfo,
  type TvPackageConfig,
} from './manifests';
import { solidPng } from './png';

/**
 * The packages' config from the app's package.json (version) and the environment (decision 0074):
 * MARQUEE_TV_URL (the server's origin), MARQUEE_TV_APP_ID, MARQUEE_TV_TIZEN_PACKAGE, MARQUEE_TV_NAME,
 * MARQUEE_TV_VENDOR.
 */
export function packageConfigFromEnv(
  pkg: { version: string; description?: string },
  env: Record<string, string | undefined>,
): TvPackageConfig {
  return {
    appId: env.MARQUEE_TV_APP_ID ?? 'com.marquee.tv',
    tizenPackageId: env.MARQUEE_TV_TIZEN_PACKAGE ?? 'MarqueeTV1',
    name: env.MARQUEE_TV_NAME ?? 'Marquee',
    version: pkg.version,
    vendor: env.MARQUEE_TV_VENDOR ?? 'Marquee',
    description: pkg.description ?? '',
    serverUrl: env.MARQUEE_TV_URL ?? 'http://localhost:3000',
  };
}

/** The files of each package, by path under packages/. */
export function packageFiles(config: TvPackageConfig): Record<string, string | Buffer> {
  const problems = packageConfigProblems(config);
  if (problems.length) throw new Error(`TV packages: ${problems.join('; ')}`);
  const colour = '#111318';
  return {
    'tizen/config.xml': toXml(tizenConfig(config)),
    'tizen/index.html': launcherHtml(config, 'tizen'),
    'tizen/icon.png': solidPng(512, 423, colour),
    'webos/appinfo.json': `${JSON.stringify(webosAppInfo(config), null, 2)}\n`,
    'webos/index.html': launcherHtml(config, 'webos'),
    'webos/icon.png': solidPng(80, 80, colour),
    'webos/largeIcon.png': solidPng(130, 130, colour),
  };
}

/** Writes dist/packages/{tizen,webos}/ after the build (to be signed with the platforms' tools). */
export function tvPackages(config: TvPackageConfig): Plugin {
  let outDir = 'dist';
  return {
    name: 'marquee-tv-packages',
    apply: 'build',
    configResolved(resolved) {
      outDir = join(resolved.root, resolved.build.outDir);
    },
    // Checked at the start, so a bad config fails the build before it runs.
    buildStart() {
      packageFiles(config);
    },
    closeBundle() {
      for (const [path, data] of Object.entries(packageFiles(config))) {
        const file = join(outDir, 'packages', path);
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, data);
      }
    },
  };
}
