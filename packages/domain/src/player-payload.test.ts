import { describe, expect, it } from 'vitest';
import { expandAdTagUrl } from './ads';
import { buildPlayerPayload, NO_CONSENT, payloadAdMacros, type PlayerPayloadInput } from './player-payload';

// playback-and-social §3 "Player payload: channelId, description, duration, start, extras,
// iabCategory, siteUid, source (vjs, jw, yt, dm), vType. extras holds userId, deviceModel,
// deviceId, lat, seriesTitle, genres, mpaa, organizationUserId, pid, gdpr, consentString and
// usPrivacy." (decision 0064)
const episode: PlayerPayloadInput = {
  video: {
    type: 'episode',
    description: 'Orbit, season 1, episode 2',
    contentDetails: { duration: 120 },
    ads: { iabCategory: 'IAB1-7' },
    seriesData: { title: 'Orbit', genres: ['Sci-Fi'], mpaa: 'TV-PG' },
    movieData: null,
  },
  channelId: 'series',
  siteUid: 'demo',
  source: 'vjs',
  start: 30,
  viewer: { userId: 'u1' },
  device: { model: 'Linux x86_64', id: null, limitAdTracking: true },
  pid: 'party-1',
  consent: { gdpr: 1, consentString: 'CPX', usPrivacy: '1YNN' },
};

describe('the player payload', () => {
  it('carries every field of §3, the title data and the consent in extras', () => {
    expect(buildPlayerPayload(episode)).toEqual({
      channelId: 'series',
      description: 'Orbit, season 1, episode 2',
      duration: 120,
      start: 30,
      extras: {
        userId: 'u1',
        deviceModel: 'Linux x86_64',
        deviceId: null,
        lat: 1,
        seriesTitle: 'Orbit',
        genres: ['Sci-Fi'],
        mpaa: 'TV-PG',
        organizationUserId: null,
        pid: 'party-1',
        gdpr: 1,
        consentString: 'CPX',
        usPrivacy: '1YNN',
      },
      iabCategory: 'IAB1-7',
      siteUid: 'demo',
      source: 'vjs',
      vType: 'episode',
    });
  });

  it("a movie's genres and rating; an anonymous viewer without consent platform; no negative start", () => {
    const movie = buildPlayerPayload({
      ...episode,
      video: {
        ...episode.video,
        type: 'movie',
        seriesData: null,
        movieData: { genres: ['Drama'], mpaa: 'PG-13' },
        ads: { iabCategory: null },
      },
      viewer: { userId: null },
      device: { model: '', id: null, limitAdTracking: false },
      pid: undefined,
      start: -5,
      consent: NO_CONSENT,
    });
    expect(movie).toMatchObject({ start: 0, iabCategory: null, vType: 'movie' });
    expect(movie.extras).toMatchObject({
      seriesTitle: null,
      genres: ['Drama'],
      mpaa: 'PG-13',
      userId: null,
      lat: 0,
      pid: null,
      gdpr: null,
      consentString: '',
      usPrivacy: '1---',
    });
  });

  it('fills the consent and category macros of an ad tag, leaving unknown macros as they are', () => {
    const tag =
      'https://ads.example/vast?v=[VIDEO_UID]&gdpr=[GDPR]&gdpr_consent=[GDPR_CONSENT]&us_privacy=[US_PRIVACY]' +
      '&cat=[IAB_CATEGORY]&lat=[LAT]&site=[SITE_UID]&other=[OTHER]';
    const url = expandAdTagUrl(
      tag,
      { videoUid: 'v 1', channelId: 'c', position: 'pre', cacheBuster: '1' },
      payloadAdMacros(buildPlayerPayload(episode)),
    );
    expect(url).toBe(
      'https://ads.example/vast?v=v%201&gdpr=1&gdpr_consent=CPX&us_privacy=1YNN&cat=IAB1-7&lat=1&site=demo&other=[OTHER]',
    );
    const none = expandAdTagUrl(
      tag,
      { videoUid: 'v', channelId: 'c', position: 'pre', cacheBuster: '1' },
      payloadAdMacros(buildPlayerPayload({ ...episode, consent: NO_CONSENT })),
    );
    expect(none).toContain('gdpr=&gdpr_consent=&us_privacy=1---');
  });
});
