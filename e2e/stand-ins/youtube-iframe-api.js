// A local stand-in of the YouTube IFrame Player API script (https://www.youtube.com/iframe_api),
// served to the browser tests in its place (PLAYER_SCRIPT_YT; decision 0059). It implements the
// documented surface the player's adapter uses: `new YT.Player(element, { videoId, playerVars,
// events: { onReady, onStateChange, onError } })`, `YT.PlayerState`, playVideo, pauseVideo, seekTo,
// mute, unMute, isMuted, getCurrentTime, getDuration, getPlayerState and destroy; it calls
// `window.onYouTubeIframeAPIReady` once loaded. The "video" is a clock: its time runs while playing.
(function () {
  var PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var DURATION = 634.5;

  // Called with `new`: the object it returns is the player.
  function Player(element, options) {
    var self = {};
    var target = typeof element === 'string' ? document.getElementById(element) : element;
    var frame = document.createElement('div');
    frame.setAttribute('data-testid', 'yt-stand-in');
    frame.setAttribute('data-video-id', options.videoId);
    frame.style.width = '100%';
    frame.style.height = '100%';
    frame.style.background = '#200';
    target.replaceWith(frame);
    var vars = options.playerVars || {};
    var events = options.events || {};
    var state = PlayerState.UNSTARTED;
    var position = Number(vars.start) || 0;
    var since = 0;
    var muted = Number(vars.mute) === 1;
    var destroyed = false;

    function now() {
      return state === PlayerState.PLAYING
        ? Math.min(DURATION, position + (Date.now() - since) / 1000)
        : position;
    }
    function setState(next) {
      position = now();
      since = Date.now();
      state = next;
      frame.setAttribute('data-state', String(next));
      if (events.onStateChange) events.onStateChange({ data: next, target: self });
    }

    self.playVideo = function () {
      if (!destroyed && state !== PlayerState.PLAYING) setState(PlayerState.PLAYING);
    };
    self.pauseVideo = function () {
      if (!destroyed && state === PlayerState.PLAYING) setState(PlayerState.PAUSED);
    };
    self.seekTo = function (seconds) {
      position = Math.max(0, Math.min(DURATION, seconds));
      since = Date.now();
    };
    self.mute = function () {
      muted = true;
    };
    self.unMute = function () {
      muted = false;
    };
    self.isMuted = function () {
      return muted;
    };
    self.getCurrentTime = now;
    self.getDuration = function () {
      return DURATION;
    };
    self.getPlayerState = function () {
      return state;
    };
    self.destroy = function () {
      destroyed = true;
      frame.remove();
    };

    setTimeout(function () {
      if (destroyed) return;
      if (!/^[\w-]{11}$/.test(options.videoId)) {
        if (events.onError) events.onError({ data: 2, target: self });
        return;
      }
      if (events.onReady) events.onReady({ target: self });
      if (Number(vars.autoplay) === 1) self.playVideo();
    }, 0);
    return self;
  }

  window.YT = { Player: Player, PlayerState: PlayerState, loaded: 1 };
  setTimeout(function () {
    if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
  }, 0);
})();
