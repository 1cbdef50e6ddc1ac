// A local stand-in of the Dailymotion Web SDK's Player Library Script
// (https://geo.dailymotion.com/libs/player.js), served to the browser tests in its place
// (PLAYER_SCRIPT_DM; decision 0059). It implements the documented surface the player's adapter uses:
// the global `dailymotion` with `createPlayer(elementId, { video, params: { startTime, mute } })`
// (a Promise of the player), `dailymotion.events` and `dailymotion.destroy(elementId)`; the player's
// play, pause, seek, setVolume, on, off and getState. Each event's callback gets the player state
// (videoTime, videoDuration, playerIsPlaying, playerIsMuted, playerVolume, playerError).
//
// Where Dailymotion draws its player in an iframe, the stand-in plays a real <video> in the element's
// place, from the media URL in its own script URL's `media` query (the tests pass a same-origin MP4,
// which the page's CSP allows). A video id that is not a Dailymotion id (`x` and letters or digits)
// resolves the player and then sends PLAYER_ERROR, as the SDK does for a video it cannot play.
(function () {
  var script = document.currentScript;
  var media = script ? new URL(script.src).searchParams.get('media') : null;
  var events = {
    VIDEO_PLAYING: 'video_playing',
    VIDEO_PAUSE: 'video_pause',
    VIDEO_TIMECHANGE: 'video_timechange',
    VIDEO_DURATIONCHANGE: 'video_durationchange',
    VIDEO_END: 'video_end',
    PLAYER_VOLUMECHANGE: 'player_volumechange',
    PLAYER_ERROR: 'player_error',
  };
  var players = {};

  function createPlayer(elementId, options) {
    var target = document.getElementById(elementId);
    if (!target) return Promise.reject(new Error('dailymotion.createPlayer: no element #' + elementId));
    var params = (options && options.params) || {};
    var video = document.createElement('video');
    video.setAttribute('data-testid', 'dm-stand-in');
    video.setAttribute('data-video-id', options.video);
    video.playsInline = true;
    // A live stream does not end: the clip loops, so no test races its 5 s.
    video.loop = true;
    video.muted = params.mute === true || params.mute === 'true';
    video.style.width = '100%';
    video.style.height = '100%';
    video.style.background = '#002';
    var handlers = {};
    var error = null;

    function state() {
      return {
        videoTime: video.currentTime,
        videoDuration: Number.isFinite(video.duration) ? video.duration : 0,
        playerIsPlaying: !video.paused && !video.ended,
        playerIsMuted: video.muted || video.volume === 0,
        playerVolume: video.volume,
        playerError: error,
      };
    }
    function send(name) {
      var list = handlers[name] || [];
      for (var i = 0; i < list.length; i++) list[i](state());
    }
    var relays = {
      playing: events.VIDEO_PLAYING,
      pause: events.VIDEO_PAUSE,
      timeupdate: events.VIDEO_TIMECHANGE,
      durationchange: events.VIDEO_DURATIONCHANGE,
      ended: events.VIDEO_END,
      volumechange: events.PLAYER_VOLUMECHANGE,
    };
    Object.keys(relays).forEach(function (domEvent) {
      video.addEventListener(domEvent, function () {
        send(relays[domEvent]);
      });
    });

    var player = {
      play: function () {
        video.play().catch(function () {
          // The SDK's smart mute: when the browser refuses sound, it plays again muted.
          video.muted = true;
          return video.play();
        });
      },
      pause: function () {
        video.pause();
      },
      seek: function (seconds) {
        video.currentTime = Math.max(0, Number(seconds) || 0);
      },
      setVolume: function (volume) {
        var v = Math.max(0, Math.min(1, Number(volume)));
        video.volume = v;
        video.muted = v === 0;
      },
      on: function (name, callback) {
        (handlers[name] = handlers[name] || []).push(callback);
      },
      off: function (name, callback) {
        if (!callback) delete handlers[name];
        else
          handlers[name] = (handlers[name] || []).filter(function (h) {
            return h !== callback;
          });
      },
      getState: function () {
        return Promise.resolve(state());
      },
    };
    target.replaceWith(video);
    video.id = elementId;
    players[elementId] = { player: player, video: video };

    return new Promise(function (resolve) {
      setTimeout(function () {
        resolve(player);
        if (!/^x[0-9a-z]+$/i.test(options.video) || !media) {
          error = { code: 'DM007', title: 'Video not found', message: 'This video does not exist.' };
          send(events.PLAYER_ERROR);
          return;
        }
        video.addEventListener(
          'loadedmetadata',
          function () {
            var start = Number(params.startTime) || 0;
            if (start > 0) video.currentTime = Math.min(start, video.duration);
          },
          { once: true },
        );
        video.src = media;
      }, 0);
    });
  }

  window.dailymotion = {
    createPlayer: createPlayer,
    events: events,
    destroy: function (elementId) {
      var entry = players[elementId];
      if (!entry) return;
      delete players[elementId];
      entry.video.pause();
      entry.video.removeAttribute('src');
      entry.video.load();
      entry.video.remove();
    },
  };
})();
