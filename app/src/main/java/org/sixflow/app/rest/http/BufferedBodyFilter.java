// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import org.sixflow.app.rest.errors.JsonErrors;

import javax.servlet.AsyncContext;
import javax.servlet.AsyncEvent;
import javax.servlet.AsyncListener;
import javax.servlet.DispatcherType;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ReadListener;
import javax.servlet.ServletException;
import javax.servlet.ServletInputStream;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Receives a request's body without holding a web thread, then lets the request go on with the
 * body in memory. Jersey reads bodies with blocking reads, so a client that sent its body a byte
 * every few seconds held a thread for all that time, and a few hundred such clients held every
 * thread (even health probes timed out). Here the body arrives through Servlet 3.1's
 * non-blocking reads (the request waits in the container's selector, on no thread), and the
 * request is dispatched again once it is whole. A body not whole within
 * {@link RequestLimits#BODY_ARRIVAL_MILLIS} is answered 408 when its next bytes come, or when the
 * connector's idle timeout ends the silence. Not from a timer: completing a request whose read is
 * still pending makes Jetty 9.4.28 (ONOS 2.7's) log two warnings with stack traces per request
 * ("Read pending … prevented", then an IllegalStateException when the read fires), and inside
 * ONOS every log line takes Karaf's one log lock: 2,000 slow clients held web threads on that lock
 * for up to 0.9 s. The async timeout stays as a backstop only. A body sent without a length that grows past
 * {@link RequestLimits#MAX_BODY_BYTES} is read to its end (up to
 * {@link RequestLimits#MAX_DISCARDED_BODY_BYTES}) and answered 413; one declared too long is
 * left to {@link UnparsableRequestFilter}, which refuses it before reading.
 */
public class BufferedBodyFilter implements Filter {

    /** The request attribute that carries the received body to the second dispatch. */
    static final String BODY = BufferedBodyFilter.class.getName() + ".body";
    /**
     * The async cycle's own timeout: past the body deadline and any connector idle timeout
     * Sixflow sets (10 s), so that it only ends a request the read path somehow never ended.
     */
    static final long BACKSTOP_MILLIS = 3 * RequestLimits.BODY_ARRIVAL_MILLIS;

    @Override
    public void init(FilterConfig config) {
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest) || !(response instanceof HttpServletResponse)) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletRequest http = (HttpServletRequest) request;
        Object body = http.getAttribute(BODY);
        if (http.getDispatcherType() == DispatcherType.ASYNC && body instanceof byte[]) {
            chain.doFilter(new BufferedRequest(http, (byte[]) body), response);
            return;
        }
        if (http.getDispatcherType() != DispatcherType.REQUEST) {
            chain.doFilter(request, response);
            return;
        }
        boolean hasBody = http.getContentLengthLong() > 0 || http.getHeader("Transfer-Encoding") != null;
        if (!hasBody) {
            // Nothing to wait for, and nothing to read from the container: Jetty 9.4 counts an
            // empty body read a millisecond later as below the minimum data rate (408, then 500).
            chain.doFilter(new BufferedRequest(http, new byte[0]), response);
            return;
        }
        // A body declared too large is refused unread, at once (UnparsableRequestFilter): a
        // length past what the client sends would otherwise be waited for until the idle timeout.
        if (http.getContentLengthLong() > RequestLimits.MAX_BODY_BYTES || !http.isAsyncSupported()) {
            chain.doFilter(request, response);
            return;
        }
        AsyncContext async = http.startAsync();
        // The deadline is checked as bytes come (Receiver); the connector's idle timeout ends a
        // silent client. This timer fires only if neither did, well after both.
        async.setTimeout(BACKSTOP_MILLIS);
        ServletInputStream in = http.getInputStream();
        Receiver receiver = new Receiver(async, in, (HttpServletResponse) response,
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RequestLimits.BODY_ARRIVAL_MILLIS));
        async.addListener(receiver);
        in.setReadListener(receiver);
    }

    @Override
    public void destroy() {
    }

    /**
     * Takes the body as it arrives; dispatches the request again once it is whole, or answers
     * once: 408 when it is late or the connection fails, 413 when it is too large.
     */
    private static final class Receiver implements ReadListener, AsyncListener {
        private final AsyncContext async;
        private final ServletInputStream in;
        private final HttpServletResponse response;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final byte[] chunk = new byte[8192];
        private long received;
        /** Set by the first of dispatch or answer: a timeout may race the last read. */
        private final AtomicBoolean ended = new AtomicBoolean();

        /** System.nanoTime() past which the body is late. */
        private final long deadlineNanos;

        Receiver(AsyncContext async, ServletInputStream in, HttpServletResponse response, long deadlineNanos) {
            this.async = async;
            this.in = in;
            this.response = response;
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public void onDataAvailable() throws IOException {
            if (System.nanoTime() - deadlineNanos > 0) {
                // Late: answered here, on the read's own callback, with no read left pending.
                cutOff();
                return;
            }
            while (in.isReady()) {
                int n = in.read(chunk);
                if (n < 0) {
                    return;
                }
                received += n;
                if (received > RequestLimits.MAX_DISCARDED_BODY_BYTES) {
                    answer(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, JsonBodies.TOO_LARGE);
                    return;
                }
                if (received <= RequestLimits.MAX_BODY_BYTES) {
                    body.write(chunk, 0, n);
                }
            }
        }

        @Override
        public void onAllDataRead() throws IOException {
            if (received > RequestLimits.MAX_BODY_BYTES) {
                // Read to its end: a client that writes its whole body before reading gets the 413.
                answer(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, JsonBodies.TOO_LARGE);
                return;
            }
            if (ended.compareAndSet(false, true)) {
                async.getRequest().setAttribute(BODY, body.toByteArray());
                async.dispatch();
            }
        }

        @Override
        public void onError(Throwable t) {
            // Silent too long (the idle timeout) or gone: nothing more will come.
            cutOff();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            // The backstop (BACKSTOP_MILLIS): neither a byte nor the idle timeout came.
            cutOff();
        }

        @Override
        public void onError(AsyncEvent event) {
            cutOff();
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }

        private void cutOff() {
            try {
                answer(408, "the request body did not arrive within " + RequestLimits.BODY_ARRIVAL_MILLIS / 1000
                        + " s and was cut off: send it at once");
            } catch (IOException | IllegalStateException e) {
                // The client is gone: answer() has completed the request all the same.
            }
        }

        private void answer(int status, String message) throws IOException {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            try {
                if (!response.isCommitted()) {
                    byte[] text = JsonErrors.body(status, message).getBytes(StandardCharsets.UTF_8);
                    response.setStatus(status);
                    response.setContentType("application/json");
                    response.setContentLength(text.length);
                    response.setHeader("Connection", "close");
                    response.getOutputStream().write(text);
                }
            } finally {
                async.complete();
            }
        }
    }
}
