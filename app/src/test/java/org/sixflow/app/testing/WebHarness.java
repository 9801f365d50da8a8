// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ErrorPageErrorHandler;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.BaseResource;
import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.sixflow.app.rest.http.BufferedBodyFilter;
import org.sixflow.app.rest.http.UnparsableRequestFilter;
import org.sixflow.app.rest.http.SecurityHeadersFilter;

import javax.servlet.DispatcherType;

import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a Jetty server running Sixflow's REST application and dashboard servlet outside ONOS needs
 * (the e2e dashboard harness and the bmv2 lab's web server): services for ONOS's REST base class,
 * what the app's web.xml puts in front of its servlets (security headers, JSON error pages), a
 * built dashboard served from a folder, and, explicitly, <b>no authentication</b>: web.xml's
 * authentication filter and ONOS's realm are not there, so these servers listen on loopback only.
 */
public final class WebHarness {

    /** Where web.xml's error pages point. */
    public static final String ERROR_PAGE = "/errors";
    /** How long a connection may stay silent, in the middle of a request or between two. */
    public static final long IDLE_TIMEOUT_MILLIS = 10_000;
    /**
     * Connections the kernel holds until they are accepted (Java's default is 50: reconnecting
     * clients overflowed it, and a dropped SYN costs a second). tools/onos/etc/jetty.xml sets the same.
     */
    public static final int ACCEPT_QUEUE_SIZE = 1024;

    private WebHarness() {
    }

    /**
     * Hands services to ONOS's REST base class, which resources look them up in, and turns off
     * its authorization filter: requests are not authenticated here (in ONOS, web.xml's
     * BasicAuthenticationFilter asks every request for ONOS's user and password first).
     *
     * @param services the directory resources look services up in
     */
    public static void serveRestFrom(ServiceDirectory services) {
        try {
            TestUtils.setField(BaseResource.class, "services", asOnosDoes(services));
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("Cannot hand services to ONOS's REST base class", e);
        }
        AuthorizationFilter.disableForTests();
    }

    /**
     * Looks services up as ONOS's directory does: a service that is not there is a
     * ServiceNotFoundException (REST answers 503), not null (a NullPointerException, 500).
     *
     * @param services the directory
     * @return the same services, strict
     */
    static ServiceDirectory asOnosDoes(ServiceDirectory services) {
        return new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                T service = services.get(serviceClass);
                if (service == null) {
                    throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found");
                }
                return service;
            }
        };
    }

    /**
     * Puts in front of a context's servlets what the app's web.xml declares besides its security
     * constraint: the security headers filter on every answer, bodies received without a thread,
     * and JSON error pages for every error the container answers itself. (WebXmlTest checks that
     * web.xml declares the same.) Call it after the context's servlets are added.
     *
     * @param context the context
     */
    public static void withWebXmlFiltersAndErrorPages(ServletContextHandler context) {
        context.addFilter(SecurityHeadersFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ERROR))
                .setAsyncSupported(true);
        context.addFilter(BufferedBodyFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC))
                .setAsyncSupported(true);
        context.addFilter(UnparsableRequestFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC))
                .setAsyncSupported(true);
        // Bodies arrive without a thread (BufferedBodyFilter): every servlet must allow async.
        for (ServletHolder servlet : context.getServletHandler().getServlets()) {
            servlet.setAsyncSupported(true);
        }
        context.addServlet(JsonErrorServlet.class, ERROR_PAGE);
        ErrorPageErrorHandler errors = new ErrorPageErrorHandler();
        errors.addErrorPage(400, 599, ERROR_PAGE);
        errors.addErrorPage(Throwable.class, ERROR_PAGE);
        context.setErrorHandler(errors);
    }

    /**
     * A Jetty server with one connector that closes connections silent for
     * {@link #IDLE_TIMEOUT_MILLIS} (a body late as a whole is the app's to cut off:
     * BufferedBodyFilter). tools/onos/etc/jetty.xml sets the same for ONOS's Jetty.
     *
     * @param address where to listen (port 0 for any free one)
     * @return the server, not started
     */
    public static Server server(InetSocketAddress address) {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(new HttpConfiguration()));
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connector.setAcceptQueueSize(ACCEPT_QUEUE_SIZE);
        server.addConnector(connector);
        return server;
    }

    /**
     * Makes the server's own error answers (requests it cannot parse, outside every context) JSON.
     *
     * @param server the server, before it starts
     */
    public static void withJsonServerErrors(Server server) {
        server.addBean(new JsonErrorHandler());
    }

    /**
     * Returns the files of a folder by their path inside it, for the dashboard servlet: a path
     * that leaves the folder or names no regular file finds nothing.
     *
     * @param folder the built dashboard's folder
     * @return path inside the folder to the file's URL
     */
    public static Function<String, Optional<URL>> filesUnder(Path folder) {
        Path root = folder.toAbsolutePath().normalize();
        return path -> {
            Path file = root.resolve(path).normalize();
            try {
                return file.startsWith(root) && Files.isRegularFile(file) ? Optional.of(file.toUri().toURL())
                        : Optional.empty();
            } catch (MalformedURLException e) {
                return Optional.empty();
            }
        };
    }
}
