// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.sixflow.app.api.ExperimentValidationException;
import org.sixflow.app.api.InvalidFieldsException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads fields of a JSON request and collects what is wrong with each by its path, so one 400
 * names every field a person must fix, not just the first.
 */
public final class JsonFields {

    private final Map<String, String> problems = new LinkedHashMap<>();
    private final Function<Map<String, String>, ? extends IllegalArgumentException> failure;

    /** Fields of an experiment: the problems come as an ExperimentValidationException. */
    JsonFields() {
        this(ExperimentValidationException::new);
    }

    private JsonFields(Function<Map<String, String>, ? extends IllegalArgumentException> failure) {
        this.failure = failure;
    }

    /**
     * Fields of any other request: the problems come as an InvalidFieldsException, in the order found.
     *
     * @return the reader
     */
    public static JsonFields ofRequest() {
        return new JsonFields(fields -> new InvalidFieldsException(InvalidFieldsException.errorsOf(fields)));
    }

    /**
     * Records a problem.
     *
     * @param path    the field's JSON path
     * @param message what is wrong
     */
    public void problem(String path, String message) {
        problems.putIfAbsent(path, message);
    }

    /** Whether nothing is wrong so far. */
    public boolean ok() {
        return problems.isEmpty();
    }

    /**
     * Throws the problems found, if any.
     *
     * @throws IllegalArgumentException naming them (an ExperimentValidationException or an InvalidFieldsException)
     */
    public void check() {
        if (!problems.isEmpty()) {
            throw failure.apply(problems);
        }
    }

    /**
     * Records a domain check's problem, if it has one.
     *
     * @param path    the field's JSON path
     * @param problem what is wrong, or empty
     */
    public void problem(String path, java.util.Optional<String> problem) {
        problem.ifPresent(message -> problem(path, message));
    }

    /** A required text field: absent, null or empty reads as missing, a non-string as the wrong type. */
    public String requiredText(JsonNode parent, String name, String path, String example) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull() || node.isTextual() && node.asText().isEmpty()) {
            problem(path, path + " is required (a string such as " + example + ")");
            return null;
        }
        if (!node.isTextual()) {
            problem(path, path + " must be a string such as " + example);
            return null;
        }
        return node.asText();
    }

    /** A required whole number within [low, high]: absent reads as missing, not as a bad value. */
    public Long requiredInteger(JsonNode parent, String name, String path, long low, long high) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            problem(path, path + " is required (a whole number " + low + ".." + high + ")");
            return null;
        }
        return boundedInteger(node, path, low, high);
    }

    /** An optional whole number within [low, high], or null when absent or null. */
    public Long optionalInteger(JsonNode parent, String name, String path, long low, long high) {
        JsonNode node = parent.get(name);
        return node == null || node.isNull() ? null : boundedInteger(node, path, low, high);
    }

    private Long boundedInteger(JsonNode node, String path, long low, long high) {
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < low || node.asLong() > high) {
            problem(path, path + " must be a whole number " + low + ".." + high + ", not " + node);
            return null;
        }
        return node.asLong();
    }

    /** A text field, or the default when absent or null. */
    public String text(JsonNode parent, String name, String path, String otherwise) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isTextual()) {
            problem(path, "must be a string");
            return otherwise;
        }
        return node.asText();
    }

    /** A whole-number field, or the default when absent or null. */
    public long integer(JsonNode parent, String name, String path, long otherwise) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            problem(path, "must be a whole number");
            return otherwise;
        }
        return node.asLong();
    }

    /** An int field, or the default; values beyond int are a problem. */
    public int intValue(JsonNode parent, String name, String path, int otherwise) {
        long value = integer(parent, name, path, otherwise);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            problem(path, "is too large");
            return otherwise;
        }
        return (int) value;
    }

    /** A number field, or null when absent or null. */
    public Double number(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            problem(path, "must be a number");
            return null;
        }
        return node.asDouble();
    }

    /**
     * An array field whose items are read by a function (which may record problems and return
     * null to skip an item).
     */
    public <T> List<T> array(JsonNode parent, String name, String path, Function<Integer, Function<JsonNode, T>> item) {
        JsonNode node = parent.get(name);
        List<T> values = new ArrayList<>();
        if (node == null || node.isNull()) {
            return values;
        }
        if (!node.isArray()) {
            problem(path, "must be an array");
            return values;
        }
        for (int i = 0; i < node.size(); i++) {
            T value = item.apply(i).apply(node.get(i));
            if (value != null) {
                values.add(value);
            }
        }
        return values;
    }

    /** An array of numbers. */
    public List<Double> numbers(JsonNode parent, String name, String path) {
        return array(parent, name, path, i -> n -> {
            if (!n.isNumber()) {
                problem(path + "[" + i + "]", "must be a number");
                return null;
            }
            return n.asDouble();
        });
    }

    /** An array of ints. */
    public List<Integer> ints(JsonNode parent, String name, String path) {
        return array(parent, name, path, i -> n -> {
            if (!n.isIntegralNumber() || !n.canConvertToInt()) {
                problem(path + "[" + i + "]", "must be a whole number");
                return null;
            }
            return n.asInt();
        });
    }
}
