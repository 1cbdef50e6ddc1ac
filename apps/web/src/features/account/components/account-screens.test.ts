// The account area's screens as they first render (accounts-and-commerce §2 Other account routes):
// the tabs, /active-devices, /change-email and /delete-account, with react-dom/server.
import type { Device, User } from '@marquee/contract';
import { accountDevicesQueryKey } from '@marquee/api-client';
import { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en } from '../locales';
import { AccountShell } from './account-shell';
import { ActiveDevices } from './active-devices';
import { ChangeEmailForm } from './change-email-form';
import { DeleteAccount } from './delete-account';

const user = {
  _id: 'u1',
  id: 'u1',
  email: 'alice@x.test',
  firstName: 'Alice',
  lastName: 'Liddell',
  roles: [],
} as unknown as User;

const render = (screen: ReactElement, client?: QueryClient) =>
  renderInApp(screen, { client, user, path: '/profile-info' });

const texts = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

beforeAll(() => initTestI18n({ en: { account: en, common: {} } }));

describe('account tabs (A§2)', () => {
  it('are Profile, Active Devices, Purchases, Delete, each a link to its page', () => {
    const html = render(createElement(AccountShell, { title: 'My account', children: null }));
    const links = texts(html, /(<a[^>]*class="account__tab[^"]*"[^>]*>[^<]*)<\/a>/g);
    expect(links.map((a) => /href="([^"]+)"/.exec(a!)?.[1])).toEqual([
      '/profile-info',
      '/active-devices',
      '/purchases',
      '/delete-account',
    ]);
    expect(links.map((a) => a!.slice(a!.lastIndexOf('>') + 1))).toEqual([
      en.tabs.profile,
      en.tabs.devices,
      en.tabs.purchases,
      en.tabs.delete,
    ]);
  });
});

describe('/active-devices (A§2, A§4 Devices)', () => {
  const device = (
    id: string,
    name: string,
    deviceType: string,
    set?: { hardwareId: string; model: string },
  ): Device => ({
    _id: id,
    deviceId: `d-${id}`,
    deviceType,
    name,
    hardwareId: set?.hardwareId ?? null,
    model: set?.model ?? null,
    activatedAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: null,
  });

  it('lists each signed-in device with its own Disconnect', () => {
    const client = new QueryClient();
    client.setQueryData(accountDevicesQueryKey(api), {
      items: [device('1', 'Roku', 'roku'), device('2', 'TV (web)', 'webtv')],
    });
    const html = render(createElement(ActiveDevices, { activateHref: '/activate' }), client);
    expect(texts(html, /data-device-id="([^"]+)"/g)).toEqual(['1', '2']);
    expect(texts(html, /<h3 class="account-device__name">([^<]*)<\/h3>/g)).toEqual(['Roku', 'TV (web)']);
    expect(texts(html, /aria-label="(Disconnect [^"]+)"/g)).toEqual([
      'Disconnect Roku',
      'Disconnect TV (web)',
    ]);
  });

  it("shows a set's model and hardware id where its platform told them, nothing where not", () => {
    const client = new QueryClient();
    client.setQueryData(accountDevicesQueryKey(api), {
      items: [
        device('1', 'TV (web)', 'webtv', { hardwareId: 'VZ-0001', model: 'M55Q7-J01' }),
        device('2', 'TV (web)', 'webtv'),
      ],
    });
    const html = render(createElement(ActiveDevices, { activateHref: '/activate' }), client);
    expect(texts(html, /data-testid="device-model">([^<]*)</g)).toEqual(['M55Q7-J01']);
    expect(texts(html, /data-testid="device-hardware-id">([^<]*)</g)).toEqual(['VZ-0001']);
  });

  it('says none is signed in, and where a TV is activated', () => {
    const client = new QueryClient();
    client.setQueryData(accountDevicesQueryKey(api), { items: [] });
    const html = render(createElement(ActiveDevices, { activateHref: '/activate' }), client);
    expect(html).toContain('data-testid="devices-empty"');
    expect(html).toMatch(/<a[^>]*href="\/activate"/);
  });
});

describe('/change-email (A§2, A§5)', () => {
  it('shows the current e-mail and asks for the new one twice and the password', () => {
    const html = render(
      createElement(ChangeEmailForm, { currentEmail: 'alice@x.test', onDone: () => {}, onCancel: () => {} }),
    );
    expect(html).toContain('<strong>alice@x.test</strong>');
    expect(texts(html, /<input[^>]*name="([^"]+)"/g)).toEqual(['email', 'retypeEmail', 'password']);
  });
});

describe('/delete-account (A§2: the request flow while selfDelete is off)', () => {
  it('without selfDelete, asks the site to delete the account after confirming identity', () => {
    const html = render(createElement(DeleteAccount, { selfDelete: false, onDeleted: () => {} }));
    expect(html).toContain('data-testid="request-delete"');
    expect(html).toContain(en.deletion.confirmFirst);
    expect(html).not.toContain('self-delete-form');
  });

  it('with selfDelete, deletes at once with the password', () => {
    const html = render(createElement(DeleteAccount, { selfDelete: true, onDeleted: () => {} }));
    expect(html).toContain('data-testid="self-delete-form"');
    expect(html).not.toContain('request-delete');
  });
});
