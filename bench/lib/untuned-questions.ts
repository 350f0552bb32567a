/**
 * bench/recall-untuned.bench.ts's questions over a corpus the ranking was NOT tuned on: the
 * Markdown documentation that undici, pino and tesseract.js ship inside node_modules.
 *
 * Written from the documents' text alone, before the bench was first run and without looking at
 * what Genie's ranking returns for any of them (issue 39: no tuning on this set). Each is phrased
 * as a person would ask it, with its answer: the file (relative to node_modules; "a|b" when either
 * file answers it) and a phrase the right passage holds.
 */
const UNDICI = 'undici/docs/docs';
const PINO = 'pino/docs';
const TESSERACT = 'tesseract.js/docs';

/** [question, answer file(s), phrase the answer passage contains] */
export const UNTUNED_QUESTIONS: [string, string, string][] = [
  // pino
  ['How do I hide passwords and other secrets from my log lines?', `${PINO}/redaction.md|${PINO}/api.md`, 'redact'],
  ['Make log lines end with CRLF instead of a bare newline', `${PINO}/api.md`, 'crlf'],
  ['How can I switch the logger off completely?', `${PINO}/api.md`, 'disable logging'],
  ['Put the same prefix in front of every message of a logger and its children', `${PINO}/api.md`, 'msgPrefix'],
  ['Stop adding pid and hostname to every log line', `${PINO}/api.md`, 'to avoid adding `pid`, `hostname`'],
  ['How deep into nested objects does the fallback serializer go?', `${PINO}/api.md`, 'depthLimit'],
  ['Add extra fields to every log line from a function called on each log call', `${PINO}/api.md`, 'mixin'],
  ['Which tool should rotate my log files?', `${PINO}/help.md`, 'logrotate'],
  ['Reopen the log file after a rotation tool moved it away', `${PINO}/help.md`, 'SIGUSR2'],
  ['Print level names like "info" instead of numbers in the log', `${PINO}/help.md`, 'print the string name'],
  ['Unicode characters look garbled in the Windows terminal', `${PINO}/help.md`, 'cmd.exe'],
  ['Logs go missing or arrive late in AWS Lambda', `${PINO}/asynchronous.md`, 'Lambda'],
  ['Buffer log writes and write them in larger chunks', `${PINO}/asynchronous.md`, 'minLength'],
  ['Is creating a child logger expensive?', `${PINO}/child-loggers.md`, 'Child logger creation is fast'],
  ['What happens when a child logger uses the same key as its parent?', `${PINO}/child-loggers.md`, 'Naming conflicts'],
  ['Where does transport code run, so it does not block the main thread?', `${PINO}/transports.md`, 'separate worker thread'],
  ['Write each log line only to the stream with the highest matching level, not to all of them', `${PINO}/transports.md`, 'dedupe'],
  ['Send log messages from the browser to a server', `${PINO}/browser.md`, 'transmit'],
  ['In the browser, log objects to the console instead of strings', `${PINO}/browser.md`, 'asObject'],
  ['How long does a pino major release get security updates?', `${PINO}/lts.md`, 'security updates'],
  ['Log every request of an Express app', `${PINO}/web.md`, "require('express')"],
  ['Bundling pino with webpack: which extra files must be emitted?', `${PINO}/bundling.md`, 'thread-stream-worker'],
  ['Make logs human-readable during development', `${PINO}/pretty.md`, 'pino-pretty'],
  // undici
  ['How long does a client wait for the response headers before it fails?', `${UNDICI}/api/Client.md`, 'headersTimeout'],
  ['Time out a socket that has no active requests for a while', `${UNDICI}/api/Client.md`, 'keepAliveTimeout'],
  ['Send several requests at once over a single connection', `${UNDICI}/api/Client.md`, 'pipelining'],
  ['Turn on HTTP/2 for the client', `${UNDICI}/api/Client.md`, 'allowH2'],
  ['Limit how many clients a pool creates', `${UNDICI}/api/Pool.md`, 'The number of `Client` instances to create'],
  ['Follow HTTP redirects automatically, up to a limit', `${UNDICI}/api/Agent.md|${UNDICI}/api/RedirectHandler.md`, 'maxRedirections'],
  ['Spread requests over several upstream servers', `${UNDICI}/api/BalancedPool.md`, 'multiple upstreams'],
  ['How many sockets of a pool are open but idle right now?', `${UNDICI}/api/PoolStats.md`, 'do not have an active request'],
  ['How many times is a failed request retried by default?', `${UNDICI}/api/RetryHandler.md|${UNDICI}/api/RetryAgent.md`, 'maxRetries'],
  ['Skip the proxy for some host names', `${UNDICI}/api/EnvHttpProxyAgent.md`, 'no_proxy'],
  ['Take the proxy settings from environment variables', `${UNDICI}/api/EnvHttpProxyAgent.md`, 'https_proxy'],
  ['Block real network requests in tests so only mocked ones are answered', `${UNDICI}/api/MockAgent.md`, 'disableNetConnect'],
  ['Check the fingerprint of the certificate authority on a TLS connection', `${UNDICI}/api/Connector.md`, 'fingerprint'],
  ["Print undici's debug messages", `${UNDICI}/api/Debug.md`, 'NODE_DEBUG'],
  ['Which error code means the server took too long to send headers?', `${UNDICI}/api/Errors.md`, 'UND_ERR_HEADERS_TIMEOUT'],
  ['Get notified whenever an outgoing request is created, for tracing', `${UNDICI}/api/DiagnosticsChannel.md`, 'undici:request:create'],
  ['Receive server-sent events', `${UNDICI}/api/EventSource.md`, 'Server-Sent Events'],
  ['Read the cookies a response sets', `${UNDICI}/api/Cookies.md`, 'getSetCookies'],
  ['Parse a content type such as text/html; charset=utf-8', `${UNDICI}/api/ContentType.md`, 'parseMIMEType'],
  ['Authenticate with a client certificate', `${UNDICI}/best-practices/client-certificate.md`, 'requestCert'],
  ['Go through a proxy that needs a username and password', `${UNDICI}/best-practices/proxy.md`, 'proxy-authorization'],
  // tesseract.js
  ['Can I run OCR on a PDF file?', `${TESSERACT}/faq.md`, 'does not support PDF'],
  ['Does it read handwriting?', `${TESSERACT}/faq.md`, 'printed text'],
  ['Recognise only digits', `${TESSERACT}/examples.md|${TESSERACT}/api.md`, 'tessedit_char_whitelist'],
  ['Recognise text in just one area of an image', `${TESSERACT}/examples.md|${TESSERACT}/api.md`, 'rectangle'],
  ['Which image formats can be recognised?', `${TESSERACT}/image-format.md`, 'webp'],
  ['Make recognition faster at some cost in accuracy with other language data', `${TESSERACT}/performance.md`, '4.0.0_fast'],
  ['Should I create a new worker for every image?', `${TESSERACT}/performance.md`, 'never the correct option'],
  ['Run many recognition jobs in parallel over several workers', `${TESSERACT}/workers_vs_schedulers.md`, 'createScheduler'],
  ['Serve the worker and language files myself instead of from a CDN', `${TESSERACT}/local-installation.md`, 'langPath'],
];
