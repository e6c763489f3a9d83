-- One class of the live-show mix for wrk (bench/peak.mjs): its requests go out at the class's
-- rate whatever the answers (open loop), as long as a connection is free. wrk on its own keeps
-- every connection busy (closed loop); its delay() hook, asked before each request, is what
-- paces it. One wrk thread, so this state is the only one and needs no locking.
--   wrk -t1 -cN -dDs -s bench/peak-pace.lua URL -- <class file written by bench/peak.mjs>
-- The class file returns { rate = per second, lateMs = ..., requests = { ... } }, each request
-- { method, path, headers, body } or, for the player's progress write, { ..., bodyHead = ... }:
-- its body ends with the position and the time it was captured, made at send time, since the
-- server keeps only the newest `at` of a listener and an old one would be a cheaper "stale" write.
local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } peak_timespec;
  int clock_gettime(int clock, peak_timespec *t);
]])
local timespec = ffi.new("peak_timespec")
local CLOCK_REALTIME = 0 -- wall time: `at` is compared with other clients' clocks
local function now()
  ffi.C.clock_gettime(CLOCK_REALTIME, timespec)
  return tonumber(timespec.tv_sec) * 1000 + tonumber(timespec.tv_nsec) / 1e6
end

local class, interval, slot
local prebuilt = {}
local n = 0
-- Read by done() through thread:get, so globals of the thread's state.
asked, late, lateMax = 0, 0, 0

function init(args)
  class = dofile(args[1])
  interval = 1000 / class.rate
  for i, r in ipairs(class.requests) do
    if r.bodyHead then
      -- The head without its blank line: Content-Length follows once the body is known.
      local head = wrk.format(r.method, r.path, r.headers)
      prebuilt[i] = { head = head:sub(1, -3), bodyHead = r.bodyHead }
    else
      -- Formatted once: a request costs the generator only its bytes.
      prebuilt[i] = wrk.format(r.method, r.path, r.headers, r.body)
    end
  end
end

-- The next slot of the schedule goes to the connection asking: with every connection waiting
-- on slow answers the slots pile up behind the clock and go out as connections free, each
-- counted late when it leaves more than lateMs after its time (an open-loop client would have
-- seen that much more latency than wrk records).
function delay()
  local t = now()
  if not slot then
    slot = t + class.startMs
  end
  local due = slot
  slot = slot + interval
  local wait = due - t
  if class.tickMs > 0 then
    wait = math.ceil(due / class.tickMs) * class.tickMs - t
  end
  asked = asked + 1
  if t - due > class.lateMs then
    late = late + 1
  end
  if t - due > lateMax then
    lateMax = t - due
  end
  return wait > 0 and wait or 0
end

function request()
  n = n % #prebuilt + 1
  local r = prebuilt[n]
  if type(r) == "string" then
    return r
  end
  local body = r.bodyHead .. string.format('%.1f,"at":%d}', math.random() * 3000, now())
  return r.head .. "Content-Length: " .. #body .. "\r\n\r\n" .. body
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency)
  local t = threads[1]
  local e = summary.errors
  -- The latency with 1% of the answers above it, and at least one: a p99 of a dozen sign-ins
  -- would be the slowest of them. percentile(p) is the answer of rank round(p% of the count + 0.5).
  local n = summary.requests
  local above = math.max(1, math.floor(n / 100))
  local judged = n > above and latency:percentile(100 * (n - above - 0.5) / n) or 0
  io.write(
    string.format(
      'PEAK {"requests":%d,"durationUs":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,'
        .. '"p50Us":%d,"p99Us":%d,"maxUs":%d,"asked":%d,"late":%d,"lateMaxMs":%d,"judgedUs":%d,"above":%d}\n',
      summary.requests,
      summary.duration,
      e.status,
      e.connect,
      e.read,
      e.write,
      e.timeout,
      latency:percentile(50),
      latency:percentile(99),
      latency.max,
      t:get("asked"),
      t:get("late"),
      t:get("lateMax"),
      judged,
      above
    )
  )
end
