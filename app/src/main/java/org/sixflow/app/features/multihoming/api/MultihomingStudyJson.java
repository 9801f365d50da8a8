// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.InvalidFieldsException.FieldError;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A study's JSON, read with every problem named by its field (one 400 lists them all) and written
 * back the same way (the history database keeps a study as this JSON). The format:
 * docs/features/multihoming-study.md.
 */
public final class MultihomingStudyJson {

    /** Fields of a study; createdAt is written, and ignored when read. */
    public static final Set<String> FIELDS = Set.of("id", "name", "description", "siteHost", "correspondentHost",
                                                    "protocols", "frameSizes", "loadsMbps", "sharing", "tcp",
                                                    "repetitions", "trialSeconds", "streams", "failover",
                                                    "createdAt");
    private static final Set<String> PROTOCOL_FIELDS = Set.of("protocol", "destination", "mappings", "site");
    private static final Set<String> MAPPING_FIELDS = Set.of("internalPrefix", "externalPrefix", "uplink");
    private static final Set<String> SITE_FIELDS = Set.of("device", "internalLocator", "uplinks");
    private static final Set<String> UPLINK_FIELDS = Set.of("port", "locator", "routerMac", "nextHopMac");
    private static final Set<String> FAILOVER_FIELDS = Set.of("uplink", "afterSeconds", "seconds");
    private static final int MAX_TEXT = 1000;
    private static final int MAX_LIST = 16;

    private MultihomingStudyJson() {
    }

    /**
     * The name of the ILNP site a study installs.
     *
     * @param studyId the study
     * @return the site's name
     */
    public static String siteName(String studyId) {
        return studyId + "-ilnp";
    }

    /**
     * The id of the study's i-th NPTv6 mapping.
     *
     * @param studyId the study
     * @param index   from 0
     * @return the mapping's id
     */
    public static String mappingId(String studyId, int index) {
        return studyId + "-nptv6-" + index;
    }

    /**
     * Reads a study.
     *
     * @param json the object
     * @return the study (its creation time left to the service)
     * @throws InvalidFieldsException naming every field that is wrong
     */
    public static MultihomingStudy read(JsonNode json) {
        Reader r = new Reader();
        if (json == null || !json.isObject()) {
            throw new InvalidFieldsException(List.of(new FieldError("", "a study must be a JSON object")));
        }
        r.unknown(json, FIELDS, "", "a study");
        String id = r.text(json, "id", "id", true, "thesis");
        if (id != null && !MultihomingStudy.ID.matcher(id).matches()) {
            r.error("id", "must be 1-40 letters, digits, '.', '_' or '-'");
            id = null;
        }
        String studyId = id == null ? "study" : id;
        String name = r.text(json, "name", "name", false, "ILNP thesis grid");
        String description = r.text(json, "description", "description", false, "");
        String siteHost = r.host(json, "siteHost");
        String correspondentHost = r.host(json, "correspondentHost");
        if (siteHost != null && siteHost.equals(correspondentHost)) {
            r.error("correspondentHost", "must be another host than siteHost");
        }
        List<Integer> frameSizes = r.frameSizes(json);
        List<List<Integer>> sharing = r.sharing(json);
        List<StudyProtocol> protocols = r.protocols(json, studyId, sharing);
        MultihomingStudy.Builder b = MultihomingStudy.builder(studyId).name(name).description(description)
                .hosts(siteHost, correspondentHost).protocols(protocols).frameSizes(frameSizes).sharing(sharing);
        r.loads(json, frameSizes, b);
        b.tcp(r.bool(json, "tcp", false));
        b.repetitions(r.integer(json, "repetitions", 1, 1, MultihomingStudy.MAX_REPETITIONS));
        b.trialSeconds(r.integer(json, "trialSeconds", 5, 1, MultihomingStudy.MAX_TRIAL_SECONDS));
        b.streams(r.integer(json, "streams", 1, 1, MultihomingStudy.MAX_STREAMS));
        b.failover(r.failover(json));
        // Whether the body names ILNP, even with a site that has errors of its own.
        boolean ilnp = r.declared.contains(MultihomingProtocol.ILNP);
        if (!ilnp && !sharing.isEmpty() && r.protocolsRead) {
            r.error("sharing", "is for ILNP only; the study has no ILNP protocol");
        }
        if (ilnp) {
            r.sharingFits(json, protocols);
        }
        r.throwIfAny();
        try {
            return b.build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidFieldsException(List.of(new FieldError("study", e.getMessage())));
        }
    }

    /**
     * Writes a study.
     *
     * @param study  the study
     * @param mapper the mapper
     * @return its JSON
     */
    public static ObjectNode write(MultihomingStudy study, ObjectMapper mapper) {
        ObjectNode json = mapper.createObjectNode().put("id", study.id()).put("name", study.name())
                .put("description", study.description()).put("siteHost", study.siteHost())
                .put("correspondentHost", study.correspondentHost());
        ArrayNode protocols = json.putArray("protocols");
        for (StudyProtocol p : study.protocols()) {
            ObjectNode one = protocols.addObject().put("protocol", p.protocol().name())
                    .put("destination", p.destination().toString());
            if (!p.mappings().isEmpty()) {
                ArrayNode mappings = one.putArray("mappings");
                p.mappings().forEach(m -> mappings.addObject()
                        .put("internalPrefix", m.mapping().internalPrefix().toString())
                        .put("externalPrefix", m.mapping().externalPrefix().toString())
                        .put("uplink", m.mapping().uplink().toString()));
            }
            p.site().ifPresent(site -> {
                ObjectNode s = one.putObject("site").put("device", site.device().toString())
                        .put("internalLocator", site.internalLocator().toString());
                ArrayNode uplinks = s.putArray("uplinks");
                site.uplinks().forEach(u -> uplinks.addObject().put("port", u.port().toLong())
                        .put("locator", u.locator().toString()).put("routerMac", u.routerMac().toString())
                        .put("nextHopMac", u.nextHopMac().toString()));
            });
        }
        ArrayNode sizes = json.putArray("frameSizes");
        study.frameSizes().forEach(sizes::add);
        ObjectNode loads = json.putObject("loadsMbps");
        study.frameSizes().forEach(size -> {
            ArrayNode rates = loads.putArray(String.valueOf(size));
            study.loadsMbps().get(size).forEach(rates::add);
        });
        ArrayNode sharing = json.putArray("sharing");
        study.sharing().forEach(level -> {
            ArrayNode weights = sharing.addArray();
            level.forEach(weights::add);
        });
        json.put("tcp", study.tcp()).put("repetitions", study.repetitions()).put("trialSeconds", study.trialSeconds())
                .put("streams", study.streams());
        if (study.failover().isPresent()) {
            StudyFailover f = study.failover().get();
            json.putObject("failover").put("uplink", f.uplink().toString()).put("afterSeconds", f.afterSeconds())
                    .put("seconds", f.seconds());
        } else {
            json.putNull("failover");
        }
        json.put("createdAt", study.createdAt().toString());
        return json;
    }

    /** Reads fields, collecting problems by path. */
    private static final class Reader {
        private final List<FieldError> errors = new ArrayList<>();
        /** The protocols the body names, valid or not. */
        private final Set<MultihomingProtocol> declared = new TreeSet<>();
        /** Whether the list of protocols could be read (else which it names is unknown). */
        private boolean protocolsRead;

        void error(String field, String message) {
            errors.add(new FieldError(field, message));
        }

        void throwIfAny() {
            if (!errors.isEmpty()) {
                throw new InvalidFieldsException(errors);
            }
        }

        void unknown(JsonNode json, Set<String> known, String prefix, String what) {
            for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!known.contains(name)) {
                    error(prefix + pathName(name), "unknown field; " + what + " has " + String.join(", ",
                                                                                          new TreeSet<>(known)));
                }
            }
        }

        String text(JsonNode json, String field, String path, boolean required, String example) {
            JsonNode node = json.get(field);
            if (node == null || node.isNull()) {
                if (required) {
                    error(path, "is required (a string such as " + example + ")");
                }
                return null;
            }
            if (!node.isTextual()) {
                error(path, "must be a string such as " + example + ", not " + type(node));
                return null;
            }
            if (node.asText().length() > MAX_TEXT) {
                error(path, "is " + node.asText().length() + " characters long; at most " + MAX_TEXT);
                return null;
            }
            return node.asText();
        }

        String host(JsonNode json, String field) {
            String host = text(json, field, field, true, "h_site");
            if (host != null && !MultihomingStudy.HOST.matcher(host).matches()) {
                error(field, "must be a host name of 1-64 letters, digits, '.', '_' or '-' (as hostCommands names it)");
                return null;
            }
            return host;
        }

        boolean bool(JsonNode json, String field, boolean byDefault) {
            JsonNode node = json.get(field);
            if (node == null || node.isNull()) {
                return byDefault;
            }
            if (!node.isBoolean()) {
                error(field, "must be true or false, not " + type(node));
                return byDefault;
            }
            return node.asBoolean();
        }

        int integer(JsonNode json, String field, int byDefault, int min, int max) {
            JsonNode node = json.get(field);
            if (node == null || node.isNull()) {
                return byDefault;
            }
            Integer value = wholeNumber(node, field, min, max);
            return value == null ? byDefault : value;
        }

        Integer wholeNumber(JsonNode node, String path, int min, int max) {
            if (!node.isIntegralNumber() || !node.canConvertToInt() || node.asInt() < min || node.asInt() > max) {
                error(path, "must be a whole number " + min + ".." + max + ", not " + echoValue(node));
                return null;
            }
            return node.asInt();
        }

        Double number(JsonNode node, String path, double min, double max) {
            if (!node.isNumber() || !Double.isFinite(node.asDouble()) || node.asDouble() < min
                    || node.asDouble() > max) {
                error(path, "must be a number " + min + ".." + max + ", not " + echoValue(node));
                return null;
            }
            return node.asDouble();
        }

        ArrayNode list(JsonNode json, String field, String path, boolean required, int max, String example) {
            JsonNode node = json.get(field);
            if (node == null || node.isNull()) {
                if (required) {
                    error(path, "is required (" + example + ")");
                }
                return null;
            }
            if (!node.isArray()) {
                error(path, "must be a list (" + example + "), not " + type(node));
                return null;
            }
            if (node.size() > max) {
                error(path, "has " + node.size() + " entries; at most " + max);
                return null;
            }
            return (ArrayNode) node;
        }

        List<Integer> frameSizes(JsonNode json) {
            List<Integer> sizes = new ArrayList<>();
            ArrayNode list = list(json, "frameSizes", "frameSizes", true, MultihomingStudy.MAX_FACTOR_LEVELS,
                                  "frame sizes in octets, e.g. [128, 1514]");
            if (list == null) {
                return sizes;
            }
            if (list.isEmpty()) {
                error("frameSizes", "needs at least one frame size");
            }
            for (int i = 0; i < list.size(); i++) {
                Integer size = wholeNumber(list.get(i), "frameSizes[" + i + "]", StudyFrames.MIN_FRAME,
                                           StudyFrames.MAX_FRAME);
                if (size != null && sizes.contains(size)) {
                    error("frameSizes[" + i + "]", size + " appears twice");
                } else if (size != null) {
                    sizes.add(size);
                }
            }
            return sizes;
        }

        void loads(JsonNode json, List<Integer> frameSizes, MultihomingStudy.Builder b) {
            JsonNode node = json.get("loadsMbps");
            if (node == null || node.isNull()) {
                error("loadsMbps", "is required (UDP rates per frame size, e.g. {\"128\": [1, 10], \"1514\": [10]})");
                return;
            }
            if (!node.isObject()) {
                error("loadsMbps", "must be an object of frame size to rates, not " + type(node));
                return;
            }
            Set<Integer> given = new TreeSet<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String path = "loadsMbps." + pathName(e.getKey());
                if (!e.getKey().matches("[0-9]{1,5}") || !frameSizes.contains(Integer.parseInt(e.getKey()))) {
                    error(path, "is not one of frameSizes " + frameSizes);
                    continue;
                }
                ArrayNode rates = list(node, e.getKey(), path, true, MultihomingStudy.MAX_FACTOR_LEVELS,
                                       "rates in Mbit/s, e.g. [1, 10, 20]");
                if (rates == null) {
                    continue;
                }
                List<Double> values = new ArrayList<>();
                for (int i = 0; i < rates.size(); i++) {
                    Double rate = number(rates.get(i), path + "[" + i + "]", MultihomingStudy.MIN_LOAD_MBPS,
                                         MultihomingStudy.MAX_LOAD_MBPS);
                    if (rate != null && values.contains(rate)) {
                        error(path + "[" + i + "]", rate + " appears twice");
                    } else if (rate != null) {
                        values.add(rate);
                    }
                }
                int size = Integer.parseInt(e.getKey());
                given.add(size);
                b.loads(size, values);
            }
            for (int size : frameSizes) {
                if (!given.contains(size)) {
                    error("loadsMbps." + size, "is required: rates for frame size " + size + " (may be [])");
                }
            }
        }

        List<List<Integer>> sharing(JsonNode json) {
            List<List<Integer>> levels = new ArrayList<>();
            ArrayNode list = list(json, "sharing", "sharing", false, MultihomingStudy.MAX_FACTOR_LEVELS,
                                  "ILNP's weights per uplink, e.g. [[100, 0], [50, 50], [80, 20]]");
            if (list == null) {
                return levels;
            }
            for (int i = 0; i < list.size(); i++) {
                String path = "sharing[" + i + "]";
                JsonNode level = list.get(i);
                if (!level.isArray() || level.isEmpty() || level.size() > MAX_LIST) {
                    error(path, "must be a list of weights, one per ILNP uplink, e.g. [80, 20]");
                    continue;
                }
                List<Integer> weights = new ArrayList<>();
                for (int j = 0; j < level.size(); j++) {
                    Integer w = wholeNumber(level.get(j), path + "[" + j + "]", 0, 100);
                    if (w != null) {
                        weights.add(w);
                    }
                }
                if (weights.size() == level.size()) {
                    if (weights.stream().mapToInt(Integer::intValue).sum() != 100) {
                        error(path, "weights must sum to 100, not " + weights.stream().mapToInt(Integer::intValue)
                                .sum());
                    } else {
                        levels.add(weights);
                    }
                }
            }
            return levels;
        }

        List<StudyProtocol> protocols(JsonNode json, String studyId, List<List<Integer>> sharing) {
            List<StudyProtocol> protocols = new ArrayList<>();
            ArrayNode list = list(json, "protocols", "protocols", true, MultihomingProtocol.values().length,
                                  "e.g. [{\"protocol\": \"IPV6\", \"destination\": \"fd00:5:c::10\"}]");
            if (list == null) {
                return protocols;
            }
            protocolsRead = true;
            if (list.isEmpty()) {
                error("protocols", "needs at least one of IPV6, NPTV6, ILNP");
            }
            Set<MultihomingProtocol> seen = new TreeSet<>();
            for (int i = 0; i < list.size(); i++) {
                String at = "protocols[" + i + "]";
                JsonNode p = list.get(i);
                if (!p.isObject()) {
                    error(at, "must be an object, not " + type(p));
                    continue;
                }
                unknown(p, PROTOCOL_FIELDS, at + ".", "a protocol");
                MultihomingProtocol protocol = protocol(p, at + ".protocol");
                Ip6Address destination = address(p, "destination", at + ".destination");
                if (protocol != null) {
                    declared.add(protocol);
                }
                if (protocol != null && !seen.add(protocol)) {
                    error(at + ".protocol", protocol + " appears twice");
                    continue;
                }
                if (protocol != MultihomingProtocol.NPTV6 && p.has("mappings")) {
                    error(at + ".mappings", "is for NPTV6 only");
                }
                if (protocol != MultihomingProtocol.ILNP && p.has("site")) {
                    error(at + ".site", "is for ILNP only");
                }
                if (protocol == null || destination == null) {
                    continue;
                }
                switch (protocol) {
                    case NPTV6:
                        List<NamedNptv6Mapping> mappings = mappings(p, at + ".mappings", studyId);
                        if (!mappings.isEmpty()) {
                            protocols.add(StudyProtocol.nptv6(destination, mappings));
                        }
                        break;
                    case ILNP:
                        IlnpSite site = site(p, at + ".site", studyId, sharing);
                        if (site != null) {
                            protocols.add(StudyProtocol.ilnp(destination, site));
                        }
                        break;
                    default:
                        protocols.add(StudyProtocol.ipv6(destination));
                }
            }
            return protocols;
        }

        MultihomingProtocol protocol(JsonNode p, String path) {
            JsonNode node = p.get("protocol");
            if (node == null || !node.isTextual()) {
                error(path, "is required: one of IPV6, NPTV6, ILNP");
                return null;
            }
            try {
                return MultihomingProtocol.valueOf(node.asText().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                error(path, echo(node.asText()) + " is none of IPV6, NPTV6, ILNP");
                return null;
            }
        }

        Ip6Address address(JsonNode json, String field, String path) {
            String text = text(json, field, path, true, "fd00:5:c::10");
            if (text == null) {
                return null;
            }
            try {
                return Ip6Address.valueOf(text);
            } catch (IllegalArgumentException e) {
                error(path, echo(text) + " is no IPv6 address");
                return null;
            }
        }

        Ip6Prefix prefix(JsonNode json, String field, String path) {
            String text = text(json, field, path, true, "2001:db8:a01::/48");
            if (text == null) {
                return null;
            }
            try {
                return Ip6Prefix.valueOf(text);
            } catch (IllegalArgumentException e) {
                error(path, echo(text) + " is no IPv6 prefix (address/length)");
                return null;
            }
        }

        MacAddress mac(JsonNode json, String field, String path) {
            String text = text(json, field, path, true, "00:aa:00:00:05:01");
            if (text == null) {
                return null;
            }
            if (!text.matches("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}")) {
                error(path, echo(text) + " is no MAC address (six hex pairs, colon-separated)");
                return null;
            }
            return MacAddress.valueOf(text);
        }

        ConnectPoint connectPoint(JsonNode json, String field, String path) {
            String text = text(json, field, path, true, "device:sbr/2");
            if (text == null) {
                return null;
            }
            try {
                return NamedNptv6Mapping.uplink(text);
            } catch (IllegalArgumentException e) {
                error(path, echo(text) + " is not device/port, e.g. device:sbr/2");
                return null;
            }
        }

        List<NamedNptv6Mapping> mappings(JsonNode p, String path, String studyId) {
            List<NamedNptv6Mapping> mappings = new ArrayList<>();
            ArrayNode list = list(p, "mappings", path, true, MAX_LIST,
                                  "the NPTv6 mappings its trials install, one per uplink");
            if (list == null) {
                return mappings;
            }
            if (list.isEmpty()) {
                error(path, "needs at least one mapping");
            }
            for (int i = 0; i < list.size(); i++) {
                String at = path + "[" + i + "]";
                JsonNode m = list.get(i);
                if (!m.isObject()) {
                    error(at, "must be an object, not " + type(m));
                    continue;
                }
                unknown(m, MAPPING_FIELDS, at + ".", "a mapping");
                Ip6Prefix internal = prefix(m, "internalPrefix", at + ".internalPrefix");
                Ip6Prefix external = prefix(m, "externalPrefix", at + ".externalPrefix");
                ConnectPoint uplink = connectPoint(m, "uplink", at + ".uplink");
                if (internal != null && external != null && uplink != null) {
                    try {
                        mappings.add(NamedNptv6Mapping.of(mappingId(studyId, i),
                                                          Nptv6Mapping.of(internal, external, uplink)));
                    } catch (IllegalArgumentException e) {
                        error(at, e.getMessage());
                    }
                }
            }
            return mappings;
        }

        IlnpSite site(JsonNode p, String path, String studyId, List<List<Integer>> sharing) {
            JsonNode s = p.get("site");
            if (s == null || !s.isObject()) {
                error(path, "is required: the ILNP site its trials install ({\"device\", \"internalLocator\", "
                        + "\"uplinks\"})");
                return null;
            }
            unknown(s, SITE_FIELDS, path + ".", "a site");
            String deviceText = text(s, "device", path + ".device", true, "device:sbr");
            Ip6Prefix internal = prefix(s, "internalLocator", path + ".internalLocator");
            ArrayNode list = list(s, "uplinks", path + ".uplinks", true, IlnpSite.MAX_UPLINKS,
                                  "the site's uplinks with their provider locators");
            if (deviceText == null || internal == null || list == null) {
                return null;
            }
            List<IlnpUplink> uplinks = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                String at = path + ".uplinks[" + i + "]";
                JsonNode u = list.get(i);
                if (!u.isObject()) {
                    error(at, "must be an object, not " + type(u));
                    continue;
                }
                unknown(u, UPLINK_FIELDS, at + ".", "an uplink");
                Integer port = u.has("port") ? wholeNumber(u.get("port"), at + ".port", 1, IlnpSite.MAX_PORT) : null;
                if (!u.has("port")) {
                    error(at + ".port", "is required (the border router's port towards the provider)");
                }
                Ip6Prefix locator = prefix(u, "locator", at + ".locator");
                MacAddress routerMac = mac(u, "routerMac", at + ".routerMac");
                MacAddress nextHopMac = mac(u, "nextHopMac", at + ".nextHopMac");
                if (port != null && locator != null && routerMac != null && nextHopMac != null) {
                    // The first sharing level's weights (the runner sets each level in turn).
                    int weight = sharing.isEmpty() || sharing.get(0).size() != list.size()
                            ? (i == 0 ? 100 : 0) : sharing.get(0).get(i);
                    uplinks.add(IlnpUplink.of(PortNumber.portNumber(port), locator, routerMac, nextHopMac, weight));
                }
            }
            DeviceId device;
            try {
                device = DeviceId.deviceId(deviceText);
            } catch (IllegalArgumentException e) {
                error(path + ".device", echo(deviceText) + " is no device id, e.g. device:sbr");
                return null;
            }
            if (uplinks.size() != list.size()) {
                return null;
            }
            try {
                return IlnpSite.of(siteName(studyId), device, internal, uplinks);
            } catch (InvalidFieldsException e) {
                e.errors().forEach(f -> error(path + "." + f.field(), f.message()));
                return null;
            }
        }

        /**
         * With ILNP named: sharing levels are required, and each gives every uplink of the
         * site (when it is valid) a weight.
         */
        void sharingFits(JsonNode json, List<StudyProtocol> protocols) {
            JsonNode levels = json.get("sharing");
            if (levels == null || levels.isNull() || levels.isArray() && levels.isEmpty()) {
                error("sharing", "is required with ILNP: its load-sharing levels, a weight per site uplink, "
                        + "e.g. [[100, 0], [50, 50], [80, 20]]");
                return;
            }
            int uplinks = protocols.stream().filter(p -> p.site().isPresent()).findFirst()
                    .map(p -> p.site().get().uplinks().size()).orElse(0);
            if (uplinks == 0 || !levels.isArray()) {
                return;
            }
            for (int i = 0; i < levels.size(); i++) {
                JsonNode level = levels.get(i);
                if (level.isArray() && !level.isEmpty() && level.size() != uplinks) {
                    error("sharing[" + i + "]", "has " + level.size() + " weights; the ILNP site has " + uplinks
                            + " uplinks");
                }
            }
        }

        StudyFailover failover(JsonNode json) {
            JsonNode f = json.get("failover");
            if (f == null || f.isNull()) {
                return null;
            }
            if (!f.isObject()) {
                error("failover", "must be an object ({\"uplink\", \"afterSeconds\", \"seconds\"}) or null");
                return null;
            }
            unknown(f, FAILOVER_FIELDS, "failover.", "a failover");
            ConnectPoint uplink = connectPoint(f, "uplink", "failover.uplink");
            Double after = f.has("afterSeconds") ? number(f.get("afterSeconds"), "failover.afterSeconds", 0.5, 60)
                    : Double.valueOf(2);
            Double seconds = f.has("seconds") ? number(f.get("seconds"), "failover.seconds", 1.5,
                                                       StudyFailover.MAX_SECONDS) : Double.valueOf(15);
            if (uplink == null || after == null || seconds == null) {
                return null;
            }
            if (seconds < after + 1) {
                error("failover.seconds", "must be at least afterSeconds + 1 (" + (after + 1) + ")");
                return null;
            }
            return StudyFailover.of(uplink, after, seconds);
        }

        private static String type(JsonNode node) {
            return node.getNodeType().name().toLowerCase(Locale.ROOT);
        }

        private static String echo(String text) {
            String shown = text.length() > 64 ? text.substring(0, 64) + "…" : text;
            return "\"" + shown.replaceAll("[^\\x20-\\x7e…]", "?") + "\"";
        }

        /** A name from the body as part of a field's path: printable, at most 64 characters, unquoted. */
        private static String pathName(String text) {
            String shown = text.length() > 64 ? text.substring(0, 64) + "…" : text;
            return shown.replaceAll("[^\\x20-\\x7e…]", "?");
        }

        private static String echoValue(JsonNode node) {
            return node.isNumber() ? node.asText() : node.isTextual() ? echo(node.asText()) : type(node);
        }
    }

    /** Reads createdAt back from stored JSON. */
    static Instant createdAt(JsonNode json) {
        JsonNode node = json.get("createdAt");
        return node == null || !node.isTextual() ? Instant.EPOCH : Instant.parse(node.asText());
    }

    /**
     * Reads a study as stored (written by {@link #write}), with its creation time.
     *
     * @param json the stored JSON
     * @return the study
     */
    public static MultihomingStudy readStored(JsonNode json) {
        return read(json).toBuilder().createdAt(createdAt(json)).build();
    }
}
