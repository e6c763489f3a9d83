// A stand-in for Google's cast_sender.js (?loadCastFramework=1), served by page.route in the
// player e2e specs: the small part of the Cast Application Framework the app uses, with one
// pretend device. Records what the page sends in window.__fakeCast.
(function () {
  var CastState = {
    NO_DEVICES_AVAILABLE: "NO_DEVICES_AVAILABLE",
    NOT_CONNECTED: "NOT_CONNECTED",
    CONNECTING: "CONNECTING",
    CONNECTED: "CONNECTED",
  };
  var SessionState = {
    NO_SESSION: "NO_SESSION",
    SESSION_STARTING: "SESSION_STARTING",
    SESSION_STARTED: "SESSION_STARTED",
    SESSION_START_FAILED: "SESSION_START_FAILED",
    SESSION_ENDING: "SESSION_ENDING",
    SESSION_ENDED: "SESSION_ENDED",
    SESSION_RESUMED: "SESSION_RESUMED",
  };
  var EventType = { CAST_STATE_CHANGED: "caststatechanged", SESSION_STATE_CHANGED: "sessionstatechanged" };
  var fake = {
    castState: window.__fakeCastNoDevices ? CastState.NO_DEVICES_AVAILABLE : CastState.NOT_CONNECTED,
    session: null,
    loads: [],
    options: null,
    listeners: {},
  };
  function emit(type, event) {
    (fake.listeners[type] || []).slice().forEach(function (h) {
      h(event);
    });
  }
  function setCastState(s) {
    fake.castState = s;
    emit(EventType.CAST_STATE_CHANGED, { type: EventType.CAST_STATE_CHANGED, castState: s });
  }
  function end() {
    fake.session = null;
    setCastState(CastState.NOT_CONNECTED);
    emit(EventType.SESSION_STATE_CHANGED, {
      type: EventType.SESSION_STATE_CHANGED,
      sessionState: SessionState.SESSION_ENDED,
    });
  }
  var context = {
    setOptions: function (o) {
      fake.options = JSON.parse(JSON.stringify(o));
    },
    getCastState: function () {
      return fake.castState;
    },
    getCurrentSession: function () {
      return fake.session;
    },
    addEventListener: function (t, h) {
      (fake.listeners[t] = fake.listeners[t] || []).push(h);
    },
    removeEventListener: function (t, h) {
      fake.listeners[t] = (fake.listeners[t] || []).filter(function (x) {
        return x !== h;
      });
    },
    requestSession: function () {
      setCastState(CastState.CONNECTING);
      fake.session = {
        loadMedia: function (req) {
          fake.loads.push(JSON.parse(JSON.stringify(req)));
          return Promise.resolve();
        },
      };
      setCastState(CastState.CONNECTED);
      emit(EventType.SESSION_STATE_CHANGED, {
        type: EventType.SESSION_STATE_CHANGED,
        sessionState: SessionState.SESSION_STARTED,
      });
      return Promise.resolve(null);
    },
    endCurrentSession: function () {
      end();
    },
  };
  fake.endFromDevice = end;
  fake.setDevices = function (available) {
    setCastState(available ? CastState.NOT_CONNECTED : CastState.NO_DEVICES_AVAILABLE);
  };
  window.__fakeCast = fake;
  window.cast = {
    framework: {
      CastContext: {
        getInstance: function () {
          return context;
        },
      },
      CastContextEventType: EventType,
      CastState: CastState,
      SessionState: SessionState,
    },
  };
  window.chrome = window.chrome || {};
  window.chrome.cast = {
    AutoJoinPolicy: {
      ORIGIN_SCOPED: "origin_scoped",
      TAB_AND_ORIGIN_SCOPED: "tab_and_origin_scoped",
      PAGE_SCOPED: "page_scoped",
    },
    Image: function (url) {
      this.url = url;
    },
    media: {
      DEFAULT_MEDIA_RECEIVER_APP_ID: "CC1AD845",
      StreamType: { BUFFERED: "BUFFERED", LIVE: "LIVE", OTHER: "OTHER" },
      MediaInfo: function (contentId, contentType) {
        this.contentId = contentId;
        this.contentType = contentType;
      },
      GenericMediaMetadata: function () {
        this.metadataType = 0;
      },
      LoadRequest: function (mediaInfo) {
        this.media = mediaInfo;
      },
    },
  };
  setTimeout(function () {
    if (typeof window.__onGCastApiAvailable === "function") window.__onGCastApiAvailable(true);
  }, 0);
})();
