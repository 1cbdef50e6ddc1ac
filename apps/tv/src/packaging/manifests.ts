/**
 * The TV packages' manifests (decision 0074): Tizen's config.xml and webOS's appinfo.json, built
 * from one typed config. Each package is a launcher for the hosted TV app: its index.html opens
 * `{serverUrl}/tvn/{tizen|webos}`, where the adapters read the launch parameters.
 */
export interface TvPackageConfig {
  /** webOS app id, reverse DNS: lowercase letters, digits, '.' and '-'. */
  appId: string;
  /** Tizen package id: 10 letters or digits (Samsung's seller office assigns it). */
  tizenPackageId: string;
  /** The name shown in the TV's launcher. */
  name: string;
  /** x.y.z (Tizen: each part 0–255, 0–255, 0–65535). */
  version: string;
  vendor: string;
  description: string;
  /** Where the server serves the TV app (its origin, https in production). */
  serverUrl: string;
}

/** Tizen 5.0 (2019 sets, a Chromium 63-class engine) and later: the oldest the build targets. */
export const TIZEN_REQUIRED_VERSION = '5.0';

/** Privileges: the network, and the remote's media keys (tizen.tvinputdevice). */
export const TIZEN_PRIVILEGES = [
  'http://tizen.org/privilege/internet',
  'http://tizen.org/privilege/tv.inputdevice',
];

/** Smart Hub's resume operation: a Preview tile or search result relaunches the app with PAYLOAD. */
export const TIZEN_RESUME_OPERATION = 'http://samsung.com/appcontrol/operation/eden_resume';

const TIZEN_VERSION = /^(\d{1,3})\.(\d{1,3})\.(\d{1,5})$/;

/** The config's problems, one line each (empty when it can be packaged). */
export function packageConfigProblems(config: TvPackageConfig): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9][a-z0-9.-]+$/.test(config.appId) || /^com\.(palm|webos|lge|palmdts)\b/.test(config.appId))
    problems.push(`appId "${config.appId}": reverse DNS in a-z 0-9 . -, not com.palm/webos/lge`);
  if (!/^[A-Za-z0-9]{10}$/.test(config.tizenPackageId))
    problems.push(`tizenPackageId "${config.tizenPackageId}": 10 letters or digits`);
  const version = TIZEN_VERSION.exec(config.version);
  if (!version || Number(version[1]) > 255 || Number(version[2]) > 255 || Number(version[3]) > 65535)
    problems.push(`version "${config.version}": x.y.z within 255.255.65535`);
  if (!config.name.trim()) problems.push('name: required');
  let url: URL | null = null;
  try {
    url = new URL(config.serverUrl);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol))
    problems.push(`serverUrl "${config.serverUrl}": an http(s) URL`);
  return problems;
}

/** The hosted app a package opens, for a platform type. */
export function hostedAppUrl(config: TvPackageConfig, type: 'tizen' | 'webos'): string {
  return `${new URL(config.serverUrl).origin}/tvn/${type}`;
}

/** The Tizen application id: the package id and the name's letters and digits. */
export function tizenApplicationId(config: TvPackageConfig): string {
  const name = config.name.replace(/[^A-Za-z0-9]/g, '') || 'App';
  return `${config.tizenPackageId}.${name}`;
}

/** An XML element as the builder describes it: name, attributes, and children or text. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  children?: XmlElement[];
  text?: string;
}

const el = (name: string, attributes?: Record<string, string>, children?: XmlElement[]): XmlElement => ({
  name,
  ...(attributes ? { attributes } : {}),
  ...(children ? { children } : {}),
});

/** Tizen's config.xml as an element tree (the W3C widget with the tizen namespace). */
export function tizenConfig(config: TvPackageConfig): XmlElement {
  const url = new URL(config.serverUrl);
  return el(
    'widget',
    {
      xmlns: 'http://www.w3.org/ns/widgets',
      'xmlns:tizen': 'http://tizen.org/ns/widgets',
      id: hostedAppUrl(config, 'tizen'),
      version: config.version,
      viewmodes: 'maximized',
    },
    [
      el('tizen:application', {
        id: tizenApplicationId(config),
        package: config.tizenPackageId,
        required_version: TIZEN_REQUIRED_VERSION,
      }),
      el('content', { src: 'index.html' }),
      el('feature', { name: 'http://tizen.org/feature/screen.size.all' }),
      el('icon', { src: 'icon.png' }),
      { name: 'name', text: config.name },
      { name: 'description', text: config.description },
      { name: 'author', text: config.vendor },
      ...TIZEN_PRIVILEGES.map((name) => el('tizen:privilege', { name })),
      el('tizen:profile', { name: 'tv-samsung' }),
      // The hosted app: the launcher may navigate there and the app may reach its server.
      el('access', { origin: url.origin, subdomains: 'true' }),
      { name: 'tizen:allow-navigation', text: url.hostname },
      // A relaunch keeps the page and fires `appcontrol` (tizen.ts) instead of reloading it.
      el('tizen:app-control', undefined, [
        el('tizen:src', { name: 'index.html', reload: 'disable' }),
        el('tizen:operation', { name: TIZEN_RESUME_OPERATION }),
      ]),
      el('tizen:setting', {
        'screen-orientation': 'landscape',
        'context-menu': 'disable',
        'background-support': 'disable',
        encryption: 'disable',
        'install-location': 'auto',
        'hwkey-event': 'enable',
      }),
    ],
  );
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Serialises an element tree as an XML document (UTF-8 declaration, two-space indent). */
export function toXml(root: XmlElement): string {
  const write = (node: XmlElement, indent: string): string => {
    const attributes = Object.entries(node.attributes ?? {})
      .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
      .join('');
    const open = `${indent}<${node.name}${attributes}`;
    if (node.text !== undefined) return `${open}>${escapeXml(node.text)}</${node.name}>`;
    if (!node.children?.length) return `${open}/>`;
    const inner = node.children.map((child) => write(child, `${indent}  `)).join('\n');
    return `${open}>\n${inner}\n${indent}</${node.name}>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, '')}\n`;
}

/** webOS's appinfo.json. */
export function webosAppInfo(config: TvPackageConfig): Record<string, string | boolean> {
  return {
    id: config.appId,
    title: config.name,
    main: 'index.html',
    icon: 'icon.png',
    largeIcon: 'largeIcon.png',
    type: 'web',
    vendor: config.vendor,
    version: config.version,
    appDescription: config.description,
    resolution: '1920x1080',
    // Back (461) comes to the app, which goes back itself (src/lib/remote.tsx), not webOS's history.
    disableBackHistoryAPI: true,
    // webOS brings the app forward on a relaunch; the app only reads the new parameters.
    handlesRelaunch: false,
  };
}

/** The package's index.html: opens the hosted app at once. */
export function launcherHtml(config: TvPackageConfig, type: 'tizen' | 'webos'): string {
  const url = JSON.stringify(hostedAppUrl(config, type));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>${escapeXml(config.name)}</title>
  </head>
  <body style="background:#000">
    <script>location.replace(${url});</script>
  </body>
</html>
`;
}
