// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import com.google.common.collect.ImmutableMap;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.TextFormat;
import org.onosproject.net.pi.model.PiPipeconf;
import p4.config.v1.P4InfoOuterClass.Action;
import p4.config.v1.P4InfoOuterClass.ControllerPacketMetadata;
import p4.config.v1.P4InfoOuterClass.Counter;
import p4.config.v1.P4InfoOuterClass.MatchField;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.config.v1.P4InfoOuterClass.Register;
import p4.config.v1.P4InfoOuterClass.Table;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;

/**
 * The numeric ids of a pipeline's P4 entities, looked up by the names ONOS uses (the P4Info
 * preamble names, e.g. {@code SixflowIngress.acl.acl}) and back by id, as ONOS's P4InfoBrowser
 * does. Every failed lookup names the entity it looked for.
 */
public final class P4InfoIndex {

    /** The controller header of packet-ins, as p4c names it from {@code @controller_header}. */
    public static final String PACKET_IN = "packet_in";
    /** The controller header of packet-outs. */
    public static final String PACKET_OUT = "packet_out";

    private final P4Info p4Info;
    private final Entities<Table> tables;
    private final Entities<Action> actions;
    private final Entities<Counter> counters;
    private final Entities<Register> registers;
    private final Entities<ControllerPacketMetadata> controllerHeaders;
    private final Map<Integer, Entities<MatchField>> matchFields;
    private final Map<Integer, Entities<Action.Param>> params;
    private final Map<Integer, Entities<ControllerPacketMetadata.Metadata>> metadata;

    private P4InfoIndex(P4Info p4Info) {
        this.p4Info = p4Info;
        tables = new Entities<>("table", p4Info.getTablesList(), t -> t.getPreamble().getName(),
                                t -> t.getPreamble().getId());
        actions = new Entities<>("action", p4Info.getActionsList(), a -> a.getPreamble().getName(),
                                 a -> a.getPreamble().getId());
        counters = new Entities<>("counter", p4Info.getCountersList(), c -> c.getPreamble().getName(),
                                  c -> c.getPreamble().getId());
        registers = new Entities<>("register", p4Info.getRegistersList(), r -> r.getPreamble().getName(),
                                   r -> r.getPreamble().getId());
        controllerHeaders = new Entities<>("controller header", p4Info.getControllerPacketMetadataList(),
                                           h -> h.getPreamble().getName(), h -> h.getPreamble().getId());
        ImmutableMap.Builder<Integer, Entities<MatchField>> fields = ImmutableMap.builder();
        for (Table table : p4Info.getTablesList()) {
            fields.put(table.getPreamble().getId(), new Entities<>(
                    "match field of table " + table.getPreamble().getName(), table.getMatchFieldsList(),
                    MatchField::getName, MatchField::getId));
        }
        matchFields = fields.build();
        ImmutableMap.Builder<Integer, Entities<Action.Param>> actionParams = ImmutableMap.builder();
        for (Action action : p4Info.getActionsList()) {
            actionParams.put(action.getPreamble().getId(), new Entities<>(
                    "parameter of action " + action.getPreamble().getName(), action.getParamsList(),
                    Action.Param::getName, Action.Param::getId));
        }
        params = actionParams.build();
        ImmutableMap.Builder<Integer, Entities<ControllerPacketMetadata.Metadata>> headerFields =
                ImmutableMap.builder();
        for (ControllerPacketMetadata header : p4Info.getControllerPacketMetadataList()) {
            headerFields.put(header.getPreamble().getId(), new Entities<>(
                    "metadata of " + header.getPreamble().getName(), header.getMetadataList(),
                    ControllerPacketMetadata.Metadata::getName, ControllerPacketMetadata.Metadata::getId));
        }
        metadata = headerFields.build();
    }

    /**
     * Indexes a P4Info message.
     *
     * @param p4Info the P4Info
     * @return the index
     */
    public static P4InfoIndex of(P4Info p4Info) {
        return new P4InfoIndex(p4Info);
    }

    /**
     * Indexes the P4Info text a pipeconf carries.
     *
     * @param pipeconf the pipeconf
     * @return the index
     * @throws TranslationException if the pipeconf has no P4Info text or it does not parse
     */
    public static P4InfoIndex of(PiPipeconf pipeconf) throws TranslationException {
        InputStream text = pipeconf.extension(P4_INFO_TEXT).orElseThrow(
                () -> new TranslationException("Pipeconf " + pipeconf.id() + " carries no P4Info text"));
        try (Reader reader = new InputStreamReader(text, StandardCharsets.UTF_8)) {
            return new P4InfoIndex(parse(reader));
        } catch (IOException e) {
            throw new TranslationException("Cannot read the P4Info of pipeconf " + pipeconf.id() + ": "
                                                   + e.getMessage(), e);
        }
    }

    /**
     * Parses P4Info text (protobuf text format, as p4c writes it).
     *
     * @param reader the text
     * @return the message
     * @throws IOException if it cannot be read or parsed
     */
    public static P4Info parse(Reader reader) throws IOException {
        P4Info.Builder builder = P4Info.newBuilder();
        TextFormat.getParser().merge(reader, ExtensionRegistry.getEmptyRegistry(), builder);
        return builder.build();
    }

    /** The indexed P4Info. */
    public P4Info p4Info() {
        return p4Info;
    }

    /**
     * Returns a table by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Table table(String name) throws TranslationException {
        return tables.byName(name);
    }

    /**
     * Returns a table by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Table table(int id) throws TranslationException {
        return tables.byId(id);
    }

    /**
     * Returns a match field of a table by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public MatchField matchField(Table table, String name) throws TranslationException {
        return matchFields.get(table.getPreamble().getId()).byName(name);
    }

    /**
     * Returns a match field of a table by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public MatchField matchField(Table table, int id) throws TranslationException {
        return matchFields.get(table.getPreamble().getId()).byId(id);
    }

    /**
     * Returns an action by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Action action(String name) throws TranslationException {
        return actions.byName(name);
    }

    /**
     * Returns an action by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Action action(int id) throws TranslationException {
        return actions.byId(id);
    }

    /**
     * Returns a parameter of an action by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Action.Param param(Action action, String name) throws TranslationException {
        return params.get(action.getPreamble().getId()).byName(name);
    }

    /**
     * Returns a parameter of an action by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Action.Param param(Action action, int id) throws TranslationException {
        return params.get(action.getPreamble().getId()).byId(id);
    }

    /**
     * Returns an indirect counter by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Counter counter(String name) throws TranslationException {
        return counters.byName(name);
    }

    /**
     * Returns an indirect counter by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Counter counter(int id) throws TranslationException {
        return counters.byId(id);
    }

    /**
     * Returns a register by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public Register register(String name) throws TranslationException {
        return registers.byName(name);
    }

    /**
     * Returns a controller header ({@link #PACKET_IN} or {@link #PACKET_OUT}).
     *
     * @param name its name
     * @return the header
     * @throws TranslationException if the pipeline has no such header
     */
    public ControllerPacketMetadata controllerHeader(String name) throws TranslationException {
        return controllerHeaders.byName(name);
    }

    /**
     * Returns a field of a controller header by name.
     *
     * @throws TranslationException if the P4Info has none
     */
    public ControllerPacketMetadata.Metadata metadata(ControllerPacketMetadata header, String name)
            throws TranslationException {
        return metadata.get(header.getPreamble().getId()).byName(name);
    }

    /**
     * Returns a field of a controller header by id.
     *
     * @throws TranslationException if the P4Info has none
     */
    public ControllerPacketMetadata.Metadata metadata(ControllerPacketMetadata header, int id)
            throws TranslationException {
        return metadata.get(header.getPreamble().getId()).byId(id);
    }

    /** One kind of entity by name and by id. */
    private static final class Entities<T> {
        private final String kind;
        private final Map<String, T> byName;
        private final Map<Integer, T> byId;

        Entities(String kind, List<T> all, Function<T, String> name, Function<T, Integer> id) {
            this.kind = kind;
            ImmutableMap.Builder<String, T> names = ImmutableMap.builder();
            ImmutableMap.Builder<Integer, T> ids = ImmutableMap.builder();
            for (T entity : all) {
                names.put(name.apply(entity), entity);
                ids.put(id.apply(entity), entity);
            }
            this.byName = names.build();
            this.byId = ids.build();
        }

        T byName(String name) throws TranslationException {
            T entity = byName.get(name);
            if (entity == null) {
                throw new TranslationException("No " + kind + " named '" + name + "' in the P4Info");
            }
            return entity;
        }

        T byId(int id) throws TranslationException {
            T entity = byId.get(id);
            if (entity == null) {
                throw new TranslationException("No " + kind + " with id " + id + " in the P4Info");
            }
            return entity;
        }
    }
}
