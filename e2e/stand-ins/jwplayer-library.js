// A local stand-in of JW Player's cloud-hosted library (https://cdn.jwplayer.com/libraries/{playerId}.js),
// served to the browser tests in its place (PLAYER_SCRIPT_JW; decision 0059). It implements the
// documented surface the player's adapter uses: the global `jwplayer(id)` and the instance's
// setup({ playlist, autostart, mute, starttime, width, height }), on(event, callback) (chainable),
// play, pause, seek, setMute, getMute, getPosition, getDuration, getState and remove, with the
// events ready, play, pause, time ({ position, duration }), complete, mute ({ mute }), seek,
// error and setupError.
//
// JW Player fetches the playlist from its delivery API and plays its media in the page; the stand-in
// reaches no CDN: it keeps the playlist URL it was given (data-playlist) and plays a real <video>
// from the media URL in its own script URL's `media` query (the tests pass a same-origin MP4, which
// the page's CSP allows). A playlist that is not `https://cdn.jwplayer.com/v2/media/{8-character id}`
// fails setup with setupError, as the library does for a playlist it cannot load.
(function () {
  var script = document.currentScript;
  var media = script ? new URL(script.src).searchParams.get('media') : null;
  var PLAYLIST = /^https:\/\/cdn\.jwplayer\.com\/v2\/media\/[a-zA-Z0-9]{8}$/;
  var instances = {};

  function createInstance(id) {
    var handlers = {};
    var video = null;
    var state = 'idle';
    var removed = false;
    var self = {};

    function send(name, data) {
      var list = handlers[name] || [];
      var event = Object.assign({ type: name }, data || {});
      for (var i = 0; i < list.length; i++) list[i](event);
    }
    function position() {
      return video ? video.currentTime : 0;
    }
    function duration() {
      return video && Number.isFinite(video.duration) ? video.duration : 0;
    }

    self.on = function (name, callback) {
      (handlers[name] = handlers[name] || []).push(callback);
      return self;
    };
    self.off = function (name) {
      delete handlers[name];
      return self;
    };
    self.setup = function (config) {
      var target = document.getElementById(id);
      video = document.createElement('video');
      video.id = id;
      video.setAttribute('data-testid', 'jw-stand-in');
      video.setAttribute('data-playlist', String(config.playlist));
      video.playsInline = true;
      // A live stream does not end: the clip loops, so no test races its 5 s.
      video.loop = true;
      video.muted = config.mute === true;
      video.style.width = '100%';
      video.style.height = '100%';
      video.style.background = '#020';
      if (target) target.replaceWith(video);

      video.addEventListener('playing', function () {
        var old = state;
        state = 'playing';
        send('play', { oldstate: old, playReason: 'external' });
      });
      video.addEventListener('pause', function () {
        if (video.ended) return;
        var old = state;
        state = 'paused';
        send('pause', { oldstate: old });
      });
      video.addEventListener('waiting', function () {
        state = 'buffering';
      });
      video.addEventListener('timeupdate', function () {
        if (!video.paused) send('time', { position: position(), duration: duration() });
      });
      video.addEventListener('ended', function () {
        state = 'complete';
        send('complete');
      });
      video.addEventListener('volumechange', function () {
        send('mute', { mute: video.muted });
      });

      setTimeout(function () {
        if (removed) return;
        if (!PLAYLIST.test(String(config.playlist)) || !media) {
          state = 'error';
          send('setupError', { code: 102630, message: 'Error loading playlist: not found' });
          return;
        }
        video.addEventListener(
          'loadedmetadata',
          function () {
            var start = Number(config.starttime) || 0;
            if (start > 0) video.currentTime = Math.min(start, video.duration);
            send('ready', { setupTime: 0 });
            if (config.autostart === true) self.play();
          },
          { once: true },
        );
        video.src = media;
      }, 0);
      return self;
    };
    self.play = function () {
      if (!video || removed) return self;
      state = 'buffering';
      video.play().catch(function (error) {
        state = 'paused';
        send('autostartNotAllowed', { reason: 'autoplayDisabled', error: String(error) });
      });
      return self;
    };
    self.pause = function () {
      if (video) video.pause();
      return self;
    };
    self.seek = function (seconds) {
      if (!video) return self;
      send('seek', { position: position(), offset: seconds, duration: duration() });
      video.currentTime = Math.max(0, Number(seconds) || 0);
      return self;
    };
    self.setMute = function (muted) {
      if (video) video.muted = muted === undefined ? !video.muted : !!muted;
      return self;
    };
    self.getMute = function () {
      return video ? video.muted : false;
    };
    self.getPosition = position;
    self.getDuration = duration;
    self.getState = function () {
      return state;
    };
    self.remove = function () {
      removed = true;
      delete instances[id];
      if (!video) return self;
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.remove();
      video = null;
      send('remove');
      return self;
    };
    return self;
  }

  window.jwplayer = function (id) {
    if (!instances[id]) instances[id] = createInstance(id);
    return instances[id];
  };
})();
