// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.host;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Hosts from the network configuration, as ONOS's netcfg host provider makes them (Sixflow's labs
 * run it): a "basic" host config with locations adds or updates the host with its addresses and
 * name; removing the config removes the host. A config without locations is ignored.
 */
public final class NetcfgHostProvider {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final NetworkConfigService configs;
    private final SimHostService hosts;
    private final NetworkConfigListener listener = new InternalConfigListener();

    /**
     * Creates the provider; {@link #start()} makes it act.
     *
     * @param configs the network configuration service
     * @param hosts   the hosts it adds to
     */
    public NetcfgHostProvider(NetworkConfigService configs, SimHostService hosts) {
        this.configs = checkNotNull(configs, "Network config service cannot be null");
        this.hosts = checkNotNull(hosts, "Host service cannot be null");
    }

    /** Adds the hosts configured already and follows the configuration from now on. */
    public void start() {
        configs.addListener(listener);
        for (HostId hostId : configs.getSubjects(HostId.class, BasicHostConfig.class)) {
            apply(hostId, configs.getConfig(hostId, BasicHostConfig.class));
        }
    }

    /** Stops following the configuration; the hosts stay. */
    public void stop() {
        configs.removeListener(listener);
    }

    private void apply(HostId hostId, BasicHostConfig config) {
        if (config == null) {
            return;
        }
        Set<? extends ConnectPoint> locations = config.locations();
        if (locations == null || locations.isEmpty()) {
            log.debug("Host {} is configured without locations: ignored", hostId);
            return;
        }
        HostSpec.Builder spec = HostSpec.builder(hostId.mac()).vlan(hostId.vlanId()).configured(true);
        if (config.ipAddresses() != null) {
            config.ipAddresses().forEach(spec::ip);
        }
        locations.forEach(spec::location);
        if (config.name() != null) {
            spec.name(config.name());
        }
        hosts.add(spec.build());
    }

    /** Follows "basic" host configs as ONOS's netcfg host provider does. */
    private final class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return BasicHostConfig.class.equals(event.configClass()) && event.subject() instanceof HostId;
        }

        @Override
        public void event(NetworkConfigEvent event) {
            HostId hostId = (HostId) event.subject();
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                    apply(hostId, configs.getConfig(hostId, BasicHostConfig.class));
                    break;
                case CONFIG_REMOVED:
                    hosts.remove(hostId);
                    break;
                default:
                    break;
            }
        }
    }
}
