// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.collect.ImmutableSortedMap;

import java.util.Map;
import java.util.SortedMap;

/**
 * An experiment that cannot be accepted, with what is wrong per field: the JSON path of the
 * field (e.g. "classes[1].packet.destination") to a message a person can act on.
 */
public class ExperimentValidationException extends InvalidFieldsException {

    private static final long serialVersionUID = 1L;

    private final SortedMap<String, String> fields;

    /**
     * Creates the exception.
     *
     * @param fields field path to message; at least one
     */
    public ExperimentValidationException(Map<String, String> fields) {
        super(errorsOf(ImmutableSortedMap.copyOf(fields)));
        this.fields = ImmutableSortedMap.copyOf(fields);
    }

    /**
     * Returns what is wrong, by field.
     *
     * @return field path to message
     */
    public SortedMap<String, String> fields() {
        return fields;
    }
}
