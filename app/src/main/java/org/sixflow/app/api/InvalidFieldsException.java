// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A request that cannot be accepted, with every problem found in it, each naming its field by
 * JSON path ("receivers[1]", "option.appId"), so one answer says all a person must fix. A field
 * may appear more than once (each bad port of "receivers", say). The message joins them all, for
 * clients that read only the message.
 */
public class InvalidFieldsException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** One problem: the field's JSON path ("" for the request as a whole) and what is wrong. */
    public static final class FieldError {
        private final String field;
        private final String message;

        public FieldError(String field, String message) {
            this.field = Objects.requireNonNull(field);
            this.message = Objects.requireNonNull(message);
        }

        public String field() {
            return field;
        }

        public String message() {
            return message;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FieldError && field.equals(((FieldError) o).field)
                    && message.equals(((FieldError) o).message);
        }

        @Override
        public int hashCode() {
            return Objects.hash(field, message);
        }

        @Override
        public String toString() {
            // Messages that already start with their field ("group ff02::1 has link-local scope") read as they are.
            return field.isEmpty() || message.startsWith(field + " ") ? message : field + ": " + message;
        }
    }

    private final List<FieldError> errors;

    /**
     * Creates the exception.
     *
     * @param errors the problems, at least one, in the order found
     */
    public InvalidFieldsException(List<FieldError> errors) {
        super(errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an invalid request has at least one problem");
        }
        this.errors = ImmutableList.copyOf(errors);
    }

    /**
     * Turns one problem per field into the problems' list.
     *
     * @param fields field path to message
     * @return the problems, in the map's order
     */
    public static List<FieldError> errorsOf(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> new FieldError(e.getKey(), e.getValue()))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns every problem, in the order found.
     *
     * @return the problems
     */
    public List<FieldError> errors() {
        return errors;
    }
}
