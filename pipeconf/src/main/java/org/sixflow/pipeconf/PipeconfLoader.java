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
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR;
import static org.sixflow.pipeconf.OsgiPropertyConstants.TOFINO_ARTIFACTS_DIR_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Registers the Sixflow pipeconfs with ONOS: one per data-plane profile (profiles.json) and target
 * whose compiled artifacts are found, as {@code org.sixflow.<profile>.<target>}.
 *
 * <p>bmv2 artifacts ship in the bundle for every profile. Tofino artifacts come from the Tofino
 * compiler: they are taken from the folder named by {@code tofinoArtifactsDir} when it is set (a
 * folder laid out as the bundle's p4c-out: {@code <dir>/<profile>/tofino/}), otherwise from the
 * bundle when it carries them. A profile/target without artifacts is not registered, and the log
 * says which. The rest of the compiler output found there (reports, compiler version) is served
 * by {@link CompilerOutputService}.
 */
@Component(immediate = true, service = CompilerOutputService.class,
        property = {TOFINO_ARTIFACTS_DIR + "=" + TOFINO_ARTIFACTS_DIR_DEFAULT})
public class PipeconfLoader implements CompilerOutputService {

    private static final String[] BMV2_NEEDED = {SixflowPipeconfs.P4INFO_FILE, SixflowPipeconfs.BMV2_JSON_FILE,
            SixflowPipeconfs.CPU_PORT_FILE};
    private static final String[] TOFINO_NEEDED = {SixflowPipeconfs.P4INFO_FILE, SixflowPipeconfs.TOFINO_BIN_FILE,
            SixflowPipeconfs.TOFINO_CONTEXT_FILE, SixflowPipeconfs.CPU_PORT_FILE};

    private final Logger log = getLogger(getClass());
    /** Where the compiler output of each pipeconf registered here was found. */
    private final Map<PiPipeconfId, PipeconfArtifacts> outputs = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    /** Folder with bf-p4c's output per profile (&lt;profile&gt;/tofino/) for the Tofino pipeconfs. */
    private String tofinoArtifactsDir = TOFINO_ARTIFACTS_DIR_DEFAULT;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        readConfig(context);
        for (PipeconfProfile profile : PipeconfProfiles.all()) {
            if (profile.targets().contains(PipeconfTarget.BMV2)) {
                registerBmv2(profile);
            }
        }
        registerTofino();
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        String before = tofinoArtifactsDir;
        readConfig(context);
        if (!before.equals(tofinoArtifactsDir)) {
            tofinoProfiles().forEach(p -> unregister(SixflowPipeconfs.id(p.name(), PipeconfTarget.TOFINO)));
            registerTofino();
        }
    }

    @Deactivate
    protected void deactivate() {
        cfgService.unregisterProperties(getClass(), false);
        SixflowPipeconfs.ALL.forEach(this::unregister);
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

    private void registerBmv2(PipeconfProfile profile) {
        PiPipeconfId id = SixflowPipeconfs.id(profile.name(), PipeconfTarget.BMV2);
        PipeconfArtifacts artifacts = PipeconfArtifacts.ofResources(
                getClass(), SixflowPipeconfs.bundleFolder(profile.name(), PipeconfTarget.BMV2));
        if (!artifacts.hasAll(BMV2_NEEDED)) {
            // CompiledArtifactsTest holds every bmv2 profile present: a broken bundle.
            log.error("Pipeconf {} not registered: profile {} has no bmv2 artifacts in {}", id, profile.name(),
                      artifacts);
            return;
        }
        try {
            register(PipeconfFactory.bmv2(id, artifacts), artifacts);
        } catch (P4InfoParserException e) {
            // The bmv2 artifacts are tested at build time: failing here means a broken bundle.
            throw new IllegalStateException("Cannot parse the " + profile.name() + " bmv2 P4Info in the bundle", e);
        }
    }

    private List<PipeconfProfile> tofinoProfiles() {
        return PipeconfProfiles.all().stream().filter(p -> p.targets().contains(PipeconfTarget.TOFINO))
                .collect(Collectors.toList());
    }

    private void registerTofino() {
        for (PipeconfProfile profile : tofinoProfiles()) {
            PiPipeconfId id = SixflowPipeconfs.id(profile.name(), PipeconfTarget.TOFINO);
            PipeconfArtifacts artifacts = tofinoArtifacts(profile.name());
            if (!artifacts.hasAll(TOFINO_NEEDED)) {
                log.warn("Tofino pipeconf {} not registered: profile {} has no Tofino artifacts in {} "
                                 + "(build them with bf-p4c: pipeconf/build-p4.sh {} tofino; {} names a folder "
                                 + "holding <profile>/tofino/)", id, profile.name(), artifacts, profile.name(),
                         TOFINO_ARTIFACTS_DIR);
                continue;
            }
            try {
                register(PipeconfFactory.tofino(id, artifacts), artifacts);
            } catch (P4InfoParserException | IllegalStateException e) {
                log.error("Tofino pipeconf {} not registered from {}: {}", id, artifacts, e.getMessage());
            }
        }
    }

    /** The profile's Tofino output: in tofinoArtifactsDir when it is set, else in the bundle. */
    private PipeconfArtifacts tofinoArtifacts(String profile) {
        if (!tofinoArtifactsDir.isEmpty()) {
            return PipeconfArtifacts.ofDirectory(new File(new File(tofinoArtifactsDir, profile),
                                                          PipeconfTarget.TOFINO.id()));
        }
        return PipeconfArtifacts.ofResources(getClass(), SixflowPipeconfs.bundleFolder(profile, PipeconfTarget.TOFINO));
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
