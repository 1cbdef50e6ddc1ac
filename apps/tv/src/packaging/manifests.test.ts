import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import {
  launcherHtml,
  packageConfigProblems,
  TIZEN_RESUME_OPERATION,
  tizenConfig,
  toXml,
  webosAppInfo,
  type TvPackageConfig,
  type XmlElement,
} from './manifests';
import { solidPng } from './png';
import { packageConfigFromEnv, packageFiles } from './vite-plugin';

const config: TvPackageConfig = packageConfigFromEnv(pkg, {
  MARQUEE_TV_URL: 'https://tv.example.com/any/path',
  MARQUEE_TV_APP_ID: 'com.example.marquee',
  MARQUEE_TV_TIZEN_PACKAGE: 'AbCdE12345',
  MARQUEE_TV_NAME: 'Demo & Friends',
  MARQUEE_TV_VENDOR: 'Example Inc.',
});

const child = (node: XmlElement, name: string) => node.children?.find((c) => c.name === name);
const all = (node: XmlElement, name: string) => node.children?.filter((c) => c.name === name) ?? [];

describe("Tizen's config.xml", () => {
  const widget = tizenConfig(config);

  it('is a W3C widget with the tizen namespace, the app version and the hosted app as its id', () => {
    expect(widget.name).toBe('widget');
    expect(widget.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/ns/widgets',
      'xmlns:tizen': 'http://tizen.org/ns/widgets',
      id: 'https://tv.example.com/tvn/tizen',
      version: pkg.version,
      viewmodes: 'maximized',
    });
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names the application, its package and the oldest Tizen, the content and icon', () => {
    expect(child(widget, 'tizen:application')?.attributes).toEqual({
      id: 'AbCdE12345.DemoFriends',
      package: 'AbCdE12345',
      required_version: '5.0',
    });
    expect(child(widget, 'content')?.attributes).toEqual({ src: 'index.html' });
    expect(child(widget, 'icon')?.attributes).toEqual({ src: 'icon.png' });
    expect(child(widget, 'name')?.text).toBe('Demo & Friends');
    expect(child(widget, 'tizen:profile')?.attributes).toEqual({ name: 'tv-samsung' });
  });

  it('asks for the internet and tv.inputdevice privileges and reaches only its server', () => {
    expect(all(widget, 'tizen:privilege').map((p) => p.attributes?.name)).toEqual([
      'http://tizen.org/privilege/internet',
      'http://tizen.org/privilege/tv.inputdevice',
    ]);
    expect(child(widget, 'access')?.attributes).toEqual({
      origin: 'https://tv.example.com',
      subdomains: 'true',
    });
    expect(child(widget, 'tizen:allow-navigation')?.text).toBe('tv.example.com');
  });

  it("keeps the page on Smart Hub's resume (appcontrol instead of a reload) and runs landscape", () => {
    const control = child(widget, 'tizen:app-control')!;
    expect(child(control, 'tizen:src')?.attributes).toEqual({ name: 'index.html', reload: 'disable' });
    expect(child(control, 'tizen:operation')?.attributes).toEqual({ name: TIZEN_RESUME_OPERATION });
    expect(child(widget, 'tizen:setting')?.attributes).toMatchObject({
      'screen-orientation': 'landscape',
      'hwkey-event': 'enable',
      'background-support': 'disable',
    });
  });

  it('serialises as XML with its text and attributes escaped', () => {
    const xml = toXml(widget);
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<widget xmlns="http://www.w3.org/ns/widgets"'),
    ).toBe(true);
    expect(xml).toContain('  <name>Demo &amp; Friends</name>');
    expect(xml).toContain('<tizen:src name="index.html" reload="disable"/>');
    expect(xml.trimEnd().endsWith('</widget>')).toBe(true);
    expect(toXml({ name: 'a', attributes: { b: '"<x>"' }, text: '1 < 2' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a b="&quot;&lt;x&gt;&quot;">1 &lt; 2</a>\n',
    );
  });
});

describe("webOS's appinfo.json", () => {
  it('has the store-required fields, a web app at 1920x1080 that handles Back itself', () => {
    const info = JSON.parse(packageFiles(config)['webos/appinfo.json'] as string) as Record<string, unknown>;
    expect(info).toEqual({
      id: 'com.example.marquee',
      title: 'Demo & Friends',
      main: 'index.html',
      icon: 'icon.png',
      largeIcon: 'largeIcon.png',
      type: 'web',
      vendor: 'Example Inc.',
      version: pkg.version,
      appDescription: pkg.description,
      resolution: '1920x1080',
      disableBackHistoryAPI: true,
      handlesRelaunch: false,
    });
    expect(webosAppInfo(config)).toEqual(info);
  });
});

describe('the TV packages', () => {
  it("open the hosted app for their platform from the package's index.html", () => {
    const files = packageFiles(config);
    expect(files['tizen/index.html']).toContain('location.replace("https://tv.example.com/tvn/tizen")');
    expect(files['webos/index.html']).toContain('location.replace("https://tv.example.com/tvn/webos")');
    expect(launcherHtml(config, 'webos')).toContain('<title>Demo &amp; Friends</title>');
  });

  it('carry PNG icons of the sizes each store asks for', () => {
    const files = packageFiles(config);
    const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(size(files['tizen/icon.png'] as Buffer)).toEqual([512, 423]);
    expect(size(files['webos/icon.png'] as Buffer)).toEqual([80, 80]);
    expect(size(files['webos/largeIcon.png'] as Buffer)).toEqual([130, 130]);
    const png = solidPng(2, 1, '#ff8000');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IDAT: one row, filter 0, two orange pixels.
    const idatLength = png.readUInt32BE(33);
    expect([...inflateSync(png.subarray(41, 41 + idatLength))]).toEqual([0, 255, 128, 0, 255, 128, 0]);
  });

  it('refuse a config the stores would refuse, naming the field', () => {
    expect(packageConfigProblems(config)).toEqual([]);
    const bad = {
      ...config,
      appId: 'com.webos.x',
      tizenPackageId: 'short',
      version: '1.0',
      serverUrl: 'ftp://x',
    };
    expect(packageConfigProblems(bad).map((p) => p.split(' ')[0])).toEqual([
      'appId',
      'tizenPackageId',
      'version',
      'serverUrl',
    ]);
    expect(() => packageFiles(bad)).toThrow(/TV packages: appId/);
    expect(packageConfigFromEnv({ version: '2.3.4' }, {})).toMatchObject({
      appId: 'com.marquee.tv',
      version: '2.3.4',
      serverUrl: 'http://localhost:3000',
    });
  });
});
