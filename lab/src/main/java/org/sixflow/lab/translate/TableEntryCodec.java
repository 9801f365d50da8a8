// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiOptionalFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import p4.config.v1.P4InfoOuterClass;
import p4.v1.P4RuntimeOuterClass.Action;
import p4.v1.P4RuntimeOuterClass.FieldMatch;
import p4.v1.P4RuntimeOuterClass.TableAction;
import p4.v1.P4RuntimeOuterClass.TableEntry;

/**
 * PI table entries to and from P4Runtime TableEntry messages, after ONOS 2.7's TableEntryCodec,
 * FieldMatchCodec and ActionCodec: ids from the P4Info by name, the PI cookie as controller
 * metadata, an empty match key as the default entry.
 *
 * <p>Differences: values are written in canonical form (see {@link ByteStrings}) and their width
 * is checked in bits, not bytes; a value read back is widened to the field's byte width (ONOS's
 * copyAndFit does the same); only direct actions are encoded (no action profiles in Sixflow); a
 * default entry without an action (resetting it) is encoded without one.
 */
public final class TableEntryCodec {

    private final P4InfoIndex p4Info;

    /**
     * Creates a codec for one pipeline.
     *
     * @param p4Info the pipeline's P4Info
     */
    public TableEntryCodec(P4InfoIndex p4Info) {
        this.p4Info = p4Info;
    }

    /**
     * Encodes a whole entry (for INSERT and MODIFY).
     *
     * @param entry the entry
     * @return the message
     * @throws TranslationException naming a table, field, action or parameter the P4Info lacks or a value too wide
     */
    public TableEntry encode(PiTableEntry entry) throws TranslationException {
        P4InfoOuterClass.Table table = p4Info.table(entry.table().id());
        TableEntry.Builder message = key(table, entry);
        message.setControllerMetadata(entry.cookie());
        if (entry.action() != null) {
            if (!(entry.action() instanceof PiAction)) {
                throw new TranslationException("Table action " + entry.action().type() + " of "
                                                       + entry.table() + " is not supported");
            }
            message.setAction(TableAction.newBuilder().setAction(action((PiAction) entry.action())));
        }
        return message.build();
    }

    /**
     * Encodes an entry's key only (table, match, priority), for DELETE.
     *
     * @param entry the entry
     * @return the message
     * @throws TranslationException as {@link #encode}
     */
    public TableEntry encodeKey(PiTableEntry entry) throws TranslationException {
        return key(p4Info.table(entry.table().id()), entry).build();
    }

    private TableEntry.Builder key(P4InfoOuterClass.Table table, PiTableEntry entry) throws TranslationException {
        TableEntry.Builder message = TableEntry.newBuilder().setTableId(table.getPreamble().getId());
        if (entry.matchKey().equals(PiMatchKey.EMPTY)) {
            message.setIsDefaultAction(true);
        } else {
            for (PiFieldMatch match : entry.matchKey().fieldMatches()) {
                message.addMatch(fieldMatch(table, match));
            }
        }
        entry.priority().ifPresent(message::setPriority);
        return message;
    }

    private FieldMatch fieldMatch(P4InfoOuterClass.Table table, PiFieldMatch match) throws TranslationException {
        P4InfoOuterClass.MatchField info = p4Info.matchField(table, match.fieldId().id());
        String what = "match field " + info.getName() + " of " + table.getPreamble().getName();
        int width = info.getBitwidth();
        FieldMatch.Builder message = FieldMatch.newBuilder().setFieldId(info.getId());
        switch (match.type()) {
            case EXACT:
                return message.setExact(FieldMatch.Exact.newBuilder().setValue(
                        ByteStrings.canonical(((PiExactFieldMatch) match).value(), width, what))).build();
            case TERNARY:
                PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) match;
                return message.setTernary(FieldMatch.Ternary.newBuilder()
                        .setValue(ByteStrings.canonical(ternary.value(), width, "value of " + what))
                        .setMask(ByteStrings.canonical(ternary.mask(), width, "mask of " + what))).build();
            case LPM:
                PiLpmFieldMatch lpm = (PiLpmFieldMatch) match;
                if (lpm.prefixLength() > width) {
                    throw new TranslationException("Prefix length " + lpm.prefixLength() + " of " + what
                                                           + " exceeds its " + width + " bits");
                }
                return message.setLpm(FieldMatch.LPM.newBuilder()
                        .setValue(ByteStrings.canonical(lpm.value(), width, what))
                        .setPrefixLen(lpm.prefixLength())).build();
            case RANGE:
                PiRangeFieldMatch range = (PiRangeFieldMatch) match;
                return message.setRange(FieldMatch.Range.newBuilder()
                        .setLow(ByteStrings.canonical(range.lowValue(), width, "low of " + what))
                        .setHigh(ByteStrings.canonical(range.highValue(), width, "high of " + what))).build();
            case OPTIONAL:
                return message.setOptional(FieldMatch.Optional.newBuilder().setValue(
                        ByteStrings.canonical(((PiOptionalFieldMatch) match).value(), width, what))).build();
            default:
                throw new TranslationException("Match type " + match.type() + " of " + what + " is not supported");
        }
    }

    /**
     * Encodes an action.
     *
     * @param action the action
     * @return the message
     * @throws TranslationException naming an action or parameter the P4Info lacks or a value too wide
     */
    public Action action(PiAction action) throws TranslationException {
        P4InfoOuterClass.Action info = p4Info.action(action.id().id());
        Action.Builder message = Action.newBuilder().setActionId(info.getPreamble().getId());
        for (PiActionParam param : action.parameters()) {
            P4InfoOuterClass.Action.Param paramInfo = p4Info.param(info, param.id().id());
            message.addParams(Action.Param.newBuilder().setParamId(paramInfo.getId()).setValue(
                    ByteStrings.canonical(param.value(), paramInfo.getBitwidth(),
                                          "parameter " + param.id() + " of action " + action.id())));
        }
        return message.build();
    }

    /**
     * Decodes an entry read from a device.
     *
     * @param message the message
     * @return the PI entry, values at their fields' full byte width
     * @throws TranslationException naming an id the P4Info lacks or a value too wide
     */
    public PiTableEntry decode(TableEntry message) throws TranslationException {
        P4InfoOuterClass.Table table = p4Info.table(message.getTableId());
        PiTableEntry.Builder entry = PiTableEntry.builder()
                .forTable(PiTableId.of(table.getPreamble().getName()))
                .withCookie(message.getControllerMetadata());
        if (message.getPriority() > 0) {
            entry.withPriority(message.getPriority());
        }
        if (message.getIsDefaultAction()) {
            entry.withMatchKey(PiMatchKey.EMPTY);
        } else {
            PiMatchKey.Builder key = PiMatchKey.builder();
            for (FieldMatch match : message.getMatchList()) {
                key.addFieldMatch(decodeFieldMatch(table, match));
            }
            entry.withMatchKey(key.build());
        }
        if (message.hasAction()) {
            if (!message.getAction().hasAction()) {
                throw new TranslationException("Entry of " + table.getPreamble().getName()
                                                       + " has a table action other than a direct action");
            }
            entry.withAction(decodeAction(message.getAction().getAction()));
        }
        return entry.build();
    }

    private PiFieldMatch decodeFieldMatch(P4InfoOuterClass.Table table, FieldMatch match)
            throws TranslationException {
        P4InfoOuterClass.MatchField info = p4Info.matchField(table, match.getFieldId());
        PiMatchFieldId id = PiMatchFieldId.of(info.getName());
        int width = info.getBitwidth();
        String what = "match field " + info.getName() + " of " + table.getPreamble().getName();
        switch (match.getFieldMatchTypeCase()) {
            case EXACT:
                return new PiExactFieldMatch(id, ByteStrings.fixedWidth(match.getExact().getValue(), width, what));
            case TERNARY:
                return new PiTernaryFieldMatch(id, ByteStrings.fixedWidth(match.getTernary().getValue(), width, what),
                                               ByteStrings.fixedWidth(match.getTernary().getMask(), width, what));
            case LPM:
                return new PiLpmFieldMatch(id, ByteStrings.fixedWidth(match.getLpm().getValue(), width, what),
                                           match.getLpm().getPrefixLen());
            case RANGE:
                return new PiRangeFieldMatch(id, ByteStrings.fixedWidth(match.getRange().getLow(), width, what),
                                             ByteStrings.fixedWidth(match.getRange().getHigh(), width, what));
            case OPTIONAL:
                return new PiOptionalFieldMatch(id, ByteStrings.fixedWidth(match.getOptional().getValue(), width,
                                                                           what));
            default:
                throw new TranslationException("Match type " + match.getFieldMatchTypeCase() + " of " + what
                                                       + " is not supported");
        }
    }

    /**
     * Decodes an action read from a device.
     *
     * @param message the message
     * @return the PI action, parameters at their full byte width
     * @throws TranslationException naming an id the P4Info lacks or a value too wide
     */
    public PiAction decodeAction(Action message) throws TranslationException {
        P4InfoOuterClass.Action info = p4Info.action(message.getActionId());
        PiAction.Builder action = PiAction.builder().withId(PiActionId.of(info.getPreamble().getName()));
        for (Action.Param param : message.getParamsList()) {
            P4InfoOuterClass.Action.Param paramInfo = p4Info.param(info, param.getParamId());
            action.withParameter(new PiActionParam(PiActionParamId.of(paramInfo.getName()), ByteStrings.fixedWidth(
                    param.getValue(), paramInfo.getBitwidth(), "parameter " + paramInfo.getName() + " of "
                            + info.getPreamble().getName())));
        }
        return action.build();
    }
}
