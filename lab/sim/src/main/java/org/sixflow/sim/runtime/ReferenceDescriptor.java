// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One {@code <reference>} of a component descriptor: which service the component needs, how many,
 * and how it is handed over (a field, bind and unbind methods, or both).
 */
public final class ReferenceDescriptor {

    /** How many services a reference takes, and whether the component needs one to run. */
    public enum Cardinality {
        /** {@code 0..1}. */
        OPTIONAL("0..1", false, false),
        /** {@code 1..1}. */
        MANDATORY("1..1", true, false),
        /** {@code 0..n}. */
        MULTIPLE("0..n", false, true),
        /** {@code 1..n}. */
        AT_LEAST_ONE("1..n", true, true);

        private final String text;
        private final boolean mandatory;
        private final boolean multiple;

        Cardinality(String text, boolean mandatory, boolean multiple) {
            this.text = text;
            this.mandatory = mandatory;
            this.multiple = multiple;
        }

        /**
         * Returns whether the component cannot be satisfied without a service.
         *
         * @return true for 1..1 and 1..n
         */
        public boolean isMandatory() {
            return mandatory;
        }

        /**
         * Returns whether the reference takes every matching service.
         *
         * @return true for 0..n and 1..n
         */
        public boolean isMultiple() {
            return multiple;
        }

        /**
         * Parses a descriptor's cardinality attribute.
         *
         * @param text the attribute, e.g. "0..n"
         * @return the cardinality
         * @throws IllegalArgumentException for anything else
         */
        public static Cardinality parse(String text) {
            for (Cardinality c : values()) {
                if (c.text.equals(text)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("Unknown reference cardinality \"" + text + "\"");
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** Whether the reference may change while the component is active. */
    public enum Policy {
        /** The component is deactivated when a bound service goes away. */
        STATIC,
        /** Services are bound and unbound while the component is active. */
        DYNAMIC
    }

    /** Whether a better service that appears later replaces (or joins) the bound ones. */
    public enum PolicyOption {
        /** Keep what is bound. */
        RELUCTANT,
        /** Take a better or additional service as soon as it appears. */
        GREEDY
    }

    /** How a multiple reference's field is kept. */
    public enum FieldOption {
        /** The field is set to a new collection each time. */
        REPLACE,
        /** The component's own collection is added to and removed from. */
        UPDATE
    }

    private final String name;
    private final String interfaceName;
    private final Cardinality cardinality;
    private final Policy policy;
    private final PolicyOption policyOption;
    private final String field;
    private final FieldOption fieldOption;
    private final String bind;
    private final String unbind;
    private final String updated;
    private final String target;

    /**
     * Creates a reference.
     *
     * @param name          the reference name
     * @param interfaceName the service interface
     * @param cardinality   how many services it takes
     * @param policy        static or dynamic
     * @param policyOption  reluctant or greedy
     * @param field         the field it sets, or null
     * @param fieldOption   how a multiple field is kept
     * @param bind          the bind method, or null
     * @param unbind        the unbind method, or null
     * @param updated       the updated method, or null
     * @param target        the target filter, or null
     */
    public ReferenceDescriptor(String name, String interfaceName, Cardinality cardinality, Policy policy,
                               PolicyOption policyOption, String field, FieldOption fieldOption,
                               String bind, String unbind, String updated, String target) {
        checkArgument(interfaceName != null && !interfaceName.isEmpty(), "A reference needs an interface");
        this.name = name == null || name.isEmpty() ? interfaceName : name;
        this.interfaceName = interfaceName;
        this.cardinality = Objects.requireNonNull(cardinality, "cardinality");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.policyOption = Objects.requireNonNull(policyOption, "policyOption");
        this.field = field;
        this.fieldOption = Objects.requireNonNull(fieldOption, "fieldOption");
        this.bind = bind;
        this.unbind = unbind;
        this.updated = updated;
        this.target = target;
    }

    /**
     * Returns the reference name.
     *
     * @return the name (the interface when the descriptor gives none)
     */
    public String name() {
        return name;
    }

    /**
     * Returns the service interface the reference takes.
     *
     * @return the fully qualified interface name
     */
    public String interfaceName() {
        return interfaceName;
    }

    /**
     * Returns the cardinality.
     *
     * @return the cardinality
     */
    public Cardinality cardinality() {
        return cardinality;
    }

    /**
     * Returns the policy.
     *
     * @return static or dynamic
     */
    public Policy policy() {
        return policy;
    }

    /**
     * Returns the policy option.
     *
     * @return reluctant or greedy
     */
    public PolicyOption policyOption() {
        return policyOption;
    }

    /**
     * Returns whether the reference is dynamic.
     *
     * @return true for policy="dynamic"
     */
    public boolean isDynamic() {
        return policy == Policy.DYNAMIC;
    }

    /**
     * Returns the field the reference sets.
     *
     * @return the field name, if any
     */
    public Optional<String> field() {
        return Optional.ofNullable(field);
    }

    /**
     * Returns how a multiple field is kept.
     *
     * @return replace or update
     */
    public FieldOption fieldOption() {
        return fieldOption;
    }

    /**
     * Returns the bind method.
     *
     * @return its name, if any
     */
    public Optional<String> bind() {
        return Optional.ofNullable(bind);
    }

    /**
     * Returns the unbind method.
     *
     * @return its name, if any
     */
    public Optional<String> unbind() {
        return Optional.ofNullable(unbind);
    }

    /**
     * Returns the updated method (called when a bound service's properties change; never here).
     *
     * @return its name, if any
     */
    public Optional<String> updated() {
        return Optional.ofNullable(updated);
    }

    /**
     * Returns the target filter.
     *
     * @return the LDAP filter, if any
     */
    public Optional<String> target() {
        return Optional.ofNullable(target);
    }

    @Override
    public String toString() {
        return name + " (" + interfaceName + ", " + cardinality + ", " + policy.name().toLowerCase() + ")";
    }
}
