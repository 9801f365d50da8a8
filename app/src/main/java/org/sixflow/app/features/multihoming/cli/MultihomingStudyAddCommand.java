// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.stream.Collectors;

/** Stores a multihoming study from a preset or from a JSON file (what POST multihoming/studies takes). */
@Service
@Command(scope = "sixflow", name = "multihoming-study-add",
        description = "Stores a multihoming study from a preset (thesis, thesis-quick) or a JSON file")
public class MultihomingStudyAddCommand extends AbstractShellCommand {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Option(name = "-p", aliases = "--preset", description = "Start from this preset")
    @Completion(StudyPresetCompleter.class)
    String preset;

    @Option(name = "-f", aliases = "--file", description = "Start from this JSON file")
    String file;

    @Option(name = "--id", description = "Study id (default: the preset's or the file's)")
    String id;

    @Option(name = "--repetitions", description = "Repetitions of each trial")
    Integer repetitions;

    @Option(name = "--seconds", description = "Length of each trial, s")
    Integer seconds;

    @Override
    protected void doExecute() {
        MultihomingStudyService service = get(MultihomingStudyService.class);
        try {
            ObjectNode json = start(service);
            if (id != null) {
                json.put("id", id);
            }
            if (repetitions != null) {
                json.put("repetitions", repetitions);
            }
            if (seconds != null) {
                json.put("trialSeconds", seconds);
            }
            MultihomingStudy stored = service.add(MultihomingStudyJson.read(json));
            print("Stored %s (%d trials); sixflow:multihoming-study-run %s runs it", stored.id(),
                  stored.plan().size(), stored.id());
        } catch (InvalidFieldsException e) {
            error("Refused: %s", e.errors().stream().map(f -> f.field() + " " + f.message())
                    .collect(Collectors.joining("; ")));
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("Refused: %s", e.getMessage());
        }
    }

    private ObjectNode start(MultihomingStudyService service) {
        if ((preset == null) == (file == null)) {
            throw new IllegalArgumentException("Give --preset NAME or --file PATH");
        }
        if (preset != null) {
            MultihomingStudy chosen = service.presets().stream().filter(p -> p.id().equals(preset)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("No preset " + preset + "; presets: "
                            + service.presets().stream().map(MultihomingStudy::id).collect(Collectors.joining(", "))));
            return MultihomingStudyJson.write(chosen, MAPPER);
        }
        try {
            JsonNode json = MAPPER.readTree(Files.readString(Paths.get(file)));
            if (json == null || !json.isObject()) {
                throw new IllegalArgumentException(file + " does not hold a JSON object");
            }
            return (ObjectNode) json;
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read " + file + ": " + e.getMessage());
        }
    }
}
