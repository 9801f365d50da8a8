// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.web;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.HandlerList;
import org.eclipse.jetty.servlet.ErrorPageErrorHandler;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.onlab.osgi.ServiceDirectory;
import org.sixflow.app.rest.DashboardServlet;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.sixflow.app.rest.http.BufferedBodyFilter;
import org.sixflow.app.rest.http.SecurityHeadersFilter;
import org.sixflow.app.rest.http.UnparsableRequestFilter;

import javax.servlet.DispatcherType;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.function.Function;

/**
 * One loopback port serving Sixflow's REST application at {@value #API_PATH} (Jersey's servlet in
 * Jetty, as ONOS mounts it, with what the app's web.xml puts in front of it: security headers,
 * bodies read without a thread, JSON error pages) and the built dashboard everywhere else. Its
 * health answer says the environment is simulated, so the dashboard shows a banner.
 */
public final class DemoWebServer implements AutoCloseable {

    /** Where ONOS serves Sixflow's REST API. */
    public static final String API_PATH = "/onos/sixflow/v1";
    /** Where web.xml's error pages point. */
    static final String ERROR_PAGE = "/errors";
    /** How long a connection may stay silent (tools/onos/etc/jetty.xml sets the same for ONOS's Jetty). */
    static final long IDLE_TIMEOUT_MILLIS = 10_000;
    /** Connections the kernel holds until accepted (tools/onos/etc/jetty.xml sets the same). */
    static final int ACCEPT_QUEUE_SIZE = 1024;

    private final Server server;

    /**
     * Starts serving.
     *
     * @param services  where REST resources look services up
     * @param dashboard the built dashboard's folder (with index.html)
     * @param port      the loopback port, 0 for any free one
     * @throws Exception when Jetty cannot start
     */
    public DemoWebServer(ServiceDirectory services, Path dashboard, int port) throws Exception {
        RestServices.lookUpIn(services);
        ServletContextHandler api = new ServletContextHandler();
        api.setContextPath(API_PATH);
        api.addServlet(new ServletHolder(new ServletContainer(
                ResourceConfig.forApplication(new SixflowWebApplication()).register(SimulatedEnvironment.class))),
                       "/*");
        withWebXmlFiltersAndErrorPages(api);
        ServletContextHandler ui = new ServletContextHandler();
        ui.setContextPath("/");
        ui.addServlet(new ServletHolder(new DashboardServlet(filesUnder(dashboard))), "/*");
        withWebXmlFiltersAndErrorPages(ui);

        server = new Server();
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(new HttpConfiguration()));
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        connector.setPort(port);
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connector.setAcceptQueueSize(ACCEPT_QUEUE_SIZE);
        server.addConnector(connector);
        server.addBean(new JsonServerErrors());
        server.setHandler(new HandlerList(new Handler[]{api, ui}));
        server.start();
    }

    /**
     * The dashboard's address.
     *
     * @return e.g. http://127.0.0.1:41234/
     */
    public String url() {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + port + "/";
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    /**
     * Puts in front of a context's servlets what the app's web.xml declares besides its security
     * constraint (the demo presents every request as ONOS's admin instead: {@link LoopbackAdmin}).
     */
    private static void withWebXmlFiltersAndErrorPages(ServletContextHandler context) {
        EnumSet<DispatcherType> request = EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC);
        context.addFilter(LoopbackAdmin.class, "/*", request).setAsyncSupported(true);
        context.addFilter(SecurityHeadersFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ERROR))
                .setAsyncSupported(true);
        context.addFilter(BufferedBodyFilter.class, "/*", request).setAsyncSupported(true);
        context.addFilter(UnparsableRequestFilter.class, "/*", request).setAsyncSupported(true);
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

    /** The files of a folder by their path inside it; a path that leaves the folder finds nothing. */
    static Function<String, Optional<URL>> filesUnder(Path folder) {
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
