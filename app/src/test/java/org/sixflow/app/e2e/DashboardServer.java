// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.sixflow.app.testing.AllFeatures;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.HandlerList;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.onlab.osgi.ServiceDirectory;
import org.sixflow.app.rest.DashboardServlet;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.testing.WebHarness;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * One loopback port serving Sixflow's real REST application at /onos/sixflow/v1 (Jersey's servlet
 * in Jetty, as ONOS mounts it) and the built dashboard everywhere else. Its health answer says the
 * environment is simulated ({@link SimulatedEnvironment}), so the dashboard shows a banner. It has
 * web.xml's security headers and JSON error pages but not its authentication
 * ({@link WebHarness}): it listens on loopback only.
 */
final class DashboardServer implements AutoCloseable {

    static final String API_PATH = "/onos/sixflow/v1";

    private final Server server;

    DashboardServer(ServiceDirectory services, Path dashboard) throws Exception {
        WebHarness.serveRestFrom(services);
        ServletContextHandler api = new ServletContextHandler();
        api.setContextPath(API_PATH);
        api.addServlet(new ServletHolder(new ServletContainer(
                AllFeatures.application()
                        .register(new SimulatedEnvironment()))), "/*");
        WebHarness.withWebXmlFiltersAndErrorPages(api);
        server = WebHarness.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        WebHarness.withJsonServerErrors(server);
        // The dashboard through the servlet the app bundle serves it with, at the root here.
        ServletContextHandler ui = new ServletContextHandler();
        ui.setContextPath("/");
        ui.addServlet(new ServletHolder(new DashboardServlet(WebHarness.filesUnder(dashboard))), "/*");
        WebHarness.withWebXmlFiltersAndErrorPages(ui);
        server.setHandler(new HandlerList(new Handler[]{api, ui}));
        server.start();
    }

    /** The dashboard's address, e.g. http://127.0.0.1:41234/. */
    String url() {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return "http://127.0.0.1:" + port + "/";
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
