// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.google.common.base.Strings;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.io.File;
import java.net.URL;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR;
import static org.sixflow.pipeconf.OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Registers the Sixflow pipeconfs with ONOS.
 *
 * <p>bmv2 artifacts always ship in the bundle. Tofino artifacts come from the Tofino compiler:
 * they are taken from the bundle when it carries them, otherwise from the folder named by
 * {@code tofinoArtifactsDir}; without either, the Tofino pipeconf is not registered. The rest of
 * the compiler output found there (reports, compiler version) is served by
 * {@link CompilerOutputService}.
 */
@Component(immediate = true, service = CompilerOutputService.class,
        property = {TOFINO_ARTIFACTS_DIR + "=" + TOFINO_ARTIFACTS_DIR_DEFAULT})
public class PipeconfLoader implements CompilerOutputService {

    private final Logger log = getLogger(getClass());
    /** Where the compiler output of each pipeconf registered here was found. */
    private final Map<PiPipeconfId, PipeconfArtifacts> outputs = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    /** Folder with bf-p4c's output for the Tofino pipeconf. */
    private String tofinoArtifactsDir = TOFINO_ARTIFACTS_DIR_DEFAULT;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        readConfig(context);
        PipeconfArtifacts bmv2 = PipeconfArtifacts.ofResources(getClass(), SixflowPipeconfs.BMV2_DIR);
        register(loadBmv2(bmv2), bmv2);
        registerTofino();
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        String before = tofinoArtifactsDir;
        readConfig(context);
        if (!before.equals(tofinoArtifactsDir)) {
            unregister(SixflowPipeconfs.TOFINO);
            registerTofino();
        }
    }

    @Deactivate
    protected void deactivate() {
        cfgService.unregisterProperties(getClass(), false);
        unregister(SixflowPipeconfs.BMV2);
        unregister(SixflowPipeconfs.TOFINO);
        log.info("Stopped");
    }

    private void readConfig(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        String value = Tools.get(properties, TOFINO_ARTIFACTS_DIR);
        tofinoArtifactsDir = Strings.nullToEmpty(value).trim();
    }

    @Override
    public Optional<URL> compilerFile(PiPipeconfId pipeconfId, String path) {
        checkNotNull(pipeconfId);
        checkNotNull(path);
        // Only files inside the output folder: a caller's path must not reach the rest of the disk.
        checkArgument(!path.isEmpty() && !path.startsWith("/") && !path.contains("\\")
                              && !List.of(path.split("/")).contains(".."),
                      "compiler output path must stay inside the output folder: %s", path);
        PipeconfArtifacts artifacts = outputs.get(pipeconfId);
        return artifacts == null ? Optional.empty() : artifacts.find(path);
    }

    private PiPipeconf loadBmv2(PipeconfArtifacts artifacts) {
        try {
            return PipeconfFactory.bmv2(artifacts);
        } catch (P4InfoParserException e) {
            // The bmv2 artifacts are tested at build time: failing here means a broken bundle.
            throw new IllegalStateException("Cannot parse the bmv2 P4Info in the bundle", e);
        }
    }

    private void registerTofino() {
        PipeconfArtifacts artifacts = tofinoArtifacts();
        if (artifacts == null) {
            log.warn("Tofino pipeconf {} not registered: the bundle has no Tofino artifacts and {} is not set "
                             + "to a bf-p4c output folder", SixflowPipeconfs.TOFINO, TOFINO_ARTIFACTS_DIR);
            return;
        }
        try {
            register(PipeconfFactory.tofino(artifacts), artifacts);
        } catch (P4InfoParserException | IllegalStateException e) {
            log.error("Tofino pipeconf {} not registered from {}: {}", SixflowPipeconfs.TOFINO, artifacts,
                      e.getMessage());
        }
    }

    private PipeconfArtifacts tofinoArtifacts() {
        String[] needed = {SixflowPipeconfs.P4INFO_FILE, SixflowPipeconfs.TOFINO_BIN_FILE,
                SixflowPipeconfs.TOFINO_CONTEXT_FILE, SixflowPipeconfs.CPU_PORT_FILE};
        if (!tofinoArtifactsDir.isEmpty()) {
            PipeconfArtifacts onDisk = PipeconfArtifacts.ofDirectory(new File(tofinoArtifactsDir));
            return onDisk.hasAll(needed) ? onDisk : null;
        }
        PipeconfArtifacts inBundle = PipeconfArtifacts.ofResources(getClass(), SixflowPipeconfs.TOFINO_DIR);
        return inBundle.hasAll(needed) ? inBundle : null;
    }

    private void register(PiPipeconf pipeconf, PipeconfArtifacts artifacts) {
        if (pipeconfService.getPipeconf(pipeconf.id()).isPresent()) {
            // A stale copy (e.g. from a previous bundle version) would keep its old model.
            pipeconfService.unregister(pipeconf.id());
        }
        pipeconfService.register(pipeconf);
        outputs.put(pipeconf.id(), artifacts);
        log.info("Registered pipeconf {} from {}", pipeconf.id(), artifacts);
    }

    private void unregister(PiPipeconfId id) {
        outputs.remove(id);
        if (pipeconfService.getPipeconf(id).isPresent()) {
            pipeconfService.unregister(id);
            log.info("Unregistered pipeconf {}", id);
        }
    }
}
