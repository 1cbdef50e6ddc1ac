/**
 * A stand-in for VIZIO SmartCast's companion library, for the adapter's unit tests and the browser
 * test (which injects it with `fakeVizioInitScript`). It behaves as the library does on a TV:
 * `window.VIZIO` appears only when it "loads", announced by VIZIO_LIBRARY_DID_LOAD on the document;
 * handlers and device calls answer asynchronously; the content-change handler hears the launch URL
 * (a cold-start deep link) once, after it is registered, and the closed-caption handler the TV's
 * setting on registration and on every change.
 */
export interface FakeVizioOptions {
  deviceId?: string;
  deviceModel?: string;
  /** Limit ad tracking, as the advertiser-id listener reports it. */
  lmt?: boolean;
  /** The URL the app was launched with (a deep link), delivered to the content-change handler. */
  launchUrl?: string;
  closedCaptions?: boolean;
  language?: { code: string; name: string };
  /** Loads by itself this long after install (in the page); without it, call `load()`. */
  loadAfterMs?: number;
}

/** What a test drives: the TV's side of the library. */
export interface FakeVizioControls {
  /** Makes `window.VIZIO` appear and dispatches VIZIO_LIBRARY_DID_LOAD. */
  load(): void;
  /** The TV asks the running app for other content. */
  changeContent(url: string): void;
  /** The viewer turns the TV's closed captions on or off. */
  setClosedCaptions(enabled: boolean): void;
  setLanguage(language: { code: string; name: string }): void;
  /** Library calls the app made, by name, in order. */
  calls: string[];
  exited: boolean;
}

interface FakeHost {
  window: object;
  document: Pick<EventTarget, 'dispatchEvent'>;
}

/**
 * Installs the fake on `host` and returns its controls (also at `window.__fakeVizio`). Self-contained
 * (no imports, no outer names) so the browser test can send its source to the page.
 */
export function installFakeVizio(host: FakeHost, options: FakeVizioOptions = {}): FakeVizioControls {
  type Callback<T> = ((value: T) => void) | null;
  let contentHandler: Callback<string> = null;
  let captionHandler: Callback<boolean> = null;
  let languageHandler: Callback<{ code: string; name: string }> = null;
  let pendingLaunch = options.launchUrl ?? null;
  let captions = options.closedCaptions ?? false;
  let language = options.language ?? { code: 'en', name: 'English' };
  const later = (fn: () => void) => void setTimeout(fn, 0);

  const controls: FakeVizioControls = {
    calls: [],
    exited: false,
    load() {
      if ((host.window as { VIZIO?: unknown }).VIZIO) return;
      (host.window as { VIZIO?: unknown }).VIZIO = library;
      host.document.dispatchEvent(new Event('VIZIO_LIBRARY_DID_LOAD'));
    },
    changeContent(url) {
      if (contentHandler) contentHandler(url);
      else pendingLaunch = url;
    },
    setClosedCaptions(enabled) {
      captions = enabled;
      captionHandler?.(enabled);
    },
    setLanguage(next) {
      language = next;
      languageHandler?.(next);
    },
  };

  const library = {
    deviceModel: options.deviceModel ?? 'V435-J01',
    setContentChangeHandler(handler: (url: string) => void) {
      controls.calls.push('setContentChangeHandler');
      contentHandler = handler;
      const launch = pendingLaunch;
      pendingLaunch = null;
      if (launch) later(() => handler(launch));
    },
    setClosedCaptionHandler(handler: (enabled: boolean) => void) {
      controls.calls.push('setClosedCaptionHandler');
      captionHandler = handler;
      later(() => handler(captions));
    },
    setDeviceLanguageHandler(handler: (language: { code: string; name: string }) => void) {
      controls.calls.push('setDeviceLanguageHandler');
      languageHandler = handler;
      later(() => handler(language));
    },
    getDeviceId(callback: (deviceId: string) => void) {
      controls.calls.push('getDeviceId');
      later(() => callback(options.deviceId ?? 'VZ0000000000FAKE'));
    },
    setAdvertiserIDListener(listener: (id: { IFA: string; IFA_TYPE: string; LMT: number }) => void) {
      controls.calls.push('setAdvertiserIDListener');
      later(() =>
        listener({ IFA: '00000000-0000-4000-8000-000000000000', IFA_TYPE: 'vida', LMT: options.lmt ? 1 : 0 }),
      );
    },
    exitApplication() {
      controls.calls.push('exitApplication');
      controls.exited = true;
    },
  };

  (host.window as { __fakeVizio?: FakeVizioControls }).__fakeVizio = controls;
  if (options.loadAfterMs !== undefined) setTimeout(() => controls.load(), options.loadAfterMs);
  return controls;
}

/** The fake as an init script for a browser page (Playwright's addInitScript({ content })). */
export function fakeVizioInitScript(options: FakeVizioOptions): string {
  return `(${installFakeVizio.toString()})({ window, document }, ${JSON.stringify(options)});`;
}
