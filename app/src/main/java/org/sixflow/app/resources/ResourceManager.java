// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.resources.tofino.MauReportParser;
import org.sixflow.pipeconf.CompilerOutputService;
import org.sixflow.pipeconf.OsgiPropertyConstants;
import org.sixflow.pipeconf.PipeconfProfile;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.slf4j.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Answers resource queries: the Tofino MAU report from the compiler output that came with a
 * pipeconf (parsed once per registration of the pipeconf), and the table occupancy readings of
 * {@link TableOccupancyCollector}.
 */
@Component(immediate = true, service = ResourceService.class)
public class ResourceManager implements ResourceService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CompilerOutputService compilerOutput;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected OccupancyReadings occupancy;

    /** Parsed reports by pipeconf, with the registration they were read for. */
    private final Map<PiPipeconfId, Parsed> reports = new ConcurrentHashMap<>();

    @Activate
    protected void activate() {
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        reports.clear();
        log.info("Stopped");
    }

    @Override
    public MauReport mauReport(PiPipeconfId pipeconfId) {
        checkNotNull(pipeconfId, "pipeconf is required");
        PiPipeconf pipeconf = pipeconfService.getPipeconf(pipeconfId)
                .orElseThrow(() -> new ItemNotFoundException(notRegistered(pipeconfId)));
        Parsed parsed = reports.get(pipeconfId);
        // The compiler output is fixed for a registration; a new registration may bring new output.
        if (parsed == null || parsed.pipeconf != pipeconf) {
            parsed = new Parsed(pipeconf, read(pipeconfId));
            reports.put(pipeconfId, parsed);
        }
        return parsed.report;
    }

    @Override
    public List<TableOccupancy> tableOccupancy(Optional<DeviceId> deviceId) {
        checkNotNull(deviceId);
        return occupancy.latest(deviceId);
    }

    private MauReport read(PiPipeconfId pipeconfId) {
        URL url = compilerOutput.compilerFile(pipeconfId, SixflowPipeconfs.TOFINO_RESOURCES_FILE)
                .orElseThrow(() -> new ItemNotFoundException(
                        "Pipeconf " + pipeconfId + " came without a Tofino compiler report ("
                                + SixflowPipeconfs.TOFINO_RESOURCES_FILE + "): only a Tofino pipeconf compiled by "
                                + "bf-p4c has one; build it with pipeconf/build-p4.sh tofino, or point "
                                + OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR + " of org.sixflow.pipeconf.PipeconfLoader"
                                + " at the compiler's output folder"));
        try (InputStream in = url.openStream()) {
            return MauReportParser.parse(pipeconfId, in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the Tofino compiler report of " + pipeconfId + " at " + url
                                                   + ": " + e.getMessage(), e);
        }
    }

    private static String notRegistered(PiPipeconfId pipeconfId) {
        String message = "No pipeconf " + pipeconfId + " is registered";
        Optional<String> tofinoProfile = SixflowPipeconfs.targetOf(pipeconfId)
                .filter(PipeconfTarget.TOFINO::equals)
                .flatMap(t -> SixflowPipeconfs.profileOf(pipeconfId)).map(PipeconfProfile::name);
        if (tofinoProfile.isPresent()) {
            // The usual case on a lab without Tofino artifacts: say how to get them.
            message += ": the pipeconf bundle registers it when it carries bf-p4c's output of profile "
                    + tofinoProfile.get() + " (pipeconf/build-p4.sh " + tofinoProfile.get() + " tofino) or when "
                    + OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR
                    + " of org.sixflow.pipeconf.PipeconfLoader names a folder holding " + tofinoProfile.get()
                    + "/tofino/";
        }
        return message;
    }

    /** A parsed report and the pipeconf registration it belongs to. */
    private static final class Parsed {
        private final PiPipeconf pipeconf;
        private final MauReport report;

        Parsed(PiPipeconf pipeconf, MauReport report) {
            this.pipeconf = pipeconf;
            this.report = report;
        }
    }
}
