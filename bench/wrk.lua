-- The load of 'make bench': wrk sends the requests listed in a file, in
-- turn and round again, and done() prints the run's figures as one line of
-- JSON. Each line is METHOD, PATH, BODY and COOKIE separated by tabs; the
-- last two may be empty. Headers given to wrk with -H go with every request.
--
--   wrk -t1 -c8 -d10s -s wrk.lua http://127.0.0.1:8080 -- targets.tsv

local requests = {}
local count = 0
local next = 0

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do
    fields[#fields + 1] = field
  end
  return fields
end

function init(args)
  for line in io.lines(args[1]) do
    local f = split(line)
    local headers = {}
    for name, value in pairs(wrk.headers) do
      headers[name] = value
    end
    if f[4] and f[4] ~= "" then
      headers["Cookie"] = f[4]
    end
    local body = f[3]
    if body == "" then body = nil end
    count = count + 1
    requests[count] = wrk.format(f[1], f[2], headers, body)
  end
end

function request()
  next = next % count + 1
  return requests[next]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%.0f,"duration_us":%.0f,"p50_us":%.0f,"p99_us":%.0f,' ..
    '"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
