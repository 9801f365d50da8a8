// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.lang.reflect.Array;
import java.util.List;

/**
 * Types descriptor property values as SCR does: one value becomes the boxed type, several become
 * an array (String[] for strings, a primitive array otherwise).
 */
final class PropertyValues {

    private PropertyValues() {
    }

    /**
     * Types a single-valued property.
     *
     * @param property the property name, for messages
     * @param type     the descriptor type (String when null)
     * @param text     the value attribute
     * @return the typed value
     * @throws IllegalArgumentException for an unknown type or a value that does not parse
     */
    static Object single(String property, String type, String text) {
        String t = type == null || type.isEmpty() ? "String" : type;
        try {
            return convert(t, text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Property " + property + ": \"" + text + "\" is not a valid " + t, e);
        }
    }

    /**
     * Types a multi-valued property.
     *
     * @param property the property name, for messages
     * @param type     the descriptor type (String when null)
     * @param texts    the values, one per body line
     * @return an array of the type
     * @throws IllegalArgumentException for an unknown type or a value that does not parse
     */
    static Object multiple(String property, String type, List<String> texts) {
        String t = type == null || type.isEmpty() ? "String" : type;
        Class<?> component = primitive(t);
        Object array = Array.newInstance(component, texts.size());
        for (int i = 0; i < texts.size(); i++) {
            Array.set(array, i, single(property, t, texts.get(i)));
        }
        return array;
    }

    private static Object convert(String type, String text) {
        switch (type) {
            case "String":
                return text;
            case "Long":
                return Long.valueOf(text.trim());
            case "Double":
                return Double.valueOf(text.trim());
            case "Float":
                return Float.valueOf(text.trim());
            case "Integer":
                return Integer.valueOf(text.trim());
            case "Byte":
                return Byte.valueOf(text.trim());
            case "Short":
                return Short.valueOf(text.trim());
            case "Char":
            case "Character":
                // The DS specification gives characters as their integer value.
                return (char) Integer.parseInt(text.trim());
            case "Boolean":
                return Boolean.valueOf(text.trim());
            default:
                throw new IllegalArgumentException("Unknown property type \"" + type + "\"");
        }
    }

    private static Class<?> primitive(String type) {
        switch (type) {
            case "String":
                return String.class;
            case "Long":
                return long.class;
            case "Double":
                return double.class;
            case "Float":
                return float.class;
            case "Integer":
                return int.class;
            case "Byte":
                return byte.class;
            case "Short":
                return short.class;
            case "Char":
            case "Character":
                return char.class;
            case "Boolean":
                return boolean.class;
            default:
                throw new IllegalArgumentException("Unknown property type \"" + type + "\"");
        }
    }
}
