// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.onlab.osgi.ServiceDirectory;
import org.sixflow.app.rest.DashboardServlet;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.testing.WebHarness;

import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * Sixflow's web context as ONOS mounts the app's web.xml, in Jetty: the REST application
 * (SixflowWebApplication in Jersey's servlet) at /onos/sixflow/v1 and the dashboard servlet at
 * /onos/sixflow/ui, the way the app's dashboard harness serves them. REST resources find services
 * in the lab's directory through ONOS's BaseResource; web.xml's security headers and JSON error
 * pages are in front. Requests are not authenticated (basic auth headers, such as onos/rocks, are
 * accepted and ignored).
 */
public final class LabWebServer implements AutoCloseable {

    /** The app's web context. */
    public static final String CONTEXT = "/onos/sixflow";

    private final Server server;

    /**
     * Starts the server.
     *
     * @param services  what REST resources look services up in
     * @param host      the address to listen on
     * @param port      the port (0 for any free one)
     * @param dashboard the built dashboard's folder, or null to serve the one the app jar carries
     * @throws Exception if Jetty cannot start
     */
    public LabWebServer(ServiceDirectory services, String host, int port, Path dashboard) throws Exception {
        WebHarness.serveRestFrom(services);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath(CONTEXT);
        context.addServlet(new ServletHolder(new ServletContainer(
                ResourceConfig.forApplicationClass(SixflowWebApplication.class))), "/v1/*");
        DashboardServlet ui = dashboard == null ? new DashboardServlet()
                : new DashboardServlet(WebHarness.filesUnder(dashboard));
        context.addServlet(new ServletHolder(ui), "/ui/*");
        WebHarness.withWebXmlFiltersAndErrorPages(context);
        server = WebHarness.server(new InetSocketAddress(host, port));
        WebHarness.withJsonServerErrors(server);
        server.setHandler(context);
        server.start();
    }

    /** The port listened on. */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
