// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One component as its Declarative Services descriptor declares it: its implementation class,
 * lifecycle methods, properties, provided services and references.
 */
public final class ComponentDescriptor {

    /** SCR's default activate method name, used when the descriptor names none. */
    public static final String DEFAULT_ACTIVATE = "activate";
    /** SCR's default deactivate method name, used when the descriptor names none. */
    public static final String DEFAULT_DEACTIVATE = "deactivate";

    /** Whether the component needs, takes or ignores a configuration. */
    public enum ConfigurationPolicy {
        /** Configuration is used when there is one. */
        OPTIONAL,
        /** The component is not satisfied until it has a configuration. */
        REQUIRE,
        /** Configuration is never used. */
        IGNORE;

        /**
         * Parses a descriptor's configuration-policy attribute.
         *
         * @param text the attribute, or null
         * @return the policy (optional when absent)
         */
        public static ConfigurationPolicy parse(String text) {
            if (text == null || text.isEmpty()) {
                return OPTIONAL;
            }
            for (ConfigurationPolicy p : values()) {
                if (p.name().equalsIgnoreCase(text)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("Unknown configuration-policy \"" + text + "\"");
        }
    }

    private final String name;
    private final String implementationClass;
    private final String source;
    private final String activate;
    private final boolean activateDeclared;
    private final String deactivate;
    private final boolean deactivateDeclared;
    private final String modified;
    private final boolean immediate;
    private final boolean enabled;
    private final ConfigurationPolicy configurationPolicy;
    private final String configurationPid;
    private final List<String> services;
    private final List<ReferenceDescriptor> references;
    private final Map<String, Object> properties;

    private ComponentDescriptor(Builder b) {
        this.name = b.name;
        this.implementationClass = b.implementationClass;
        this.source = b.source;
        this.activateDeclared = b.activate != null;
        this.activate = activateDeclared ? b.activate : DEFAULT_ACTIVATE;
        this.deactivateDeclared = b.deactivate != null;
        this.deactivate = deactivateDeclared ? b.deactivate : DEFAULT_DEACTIVATE;
        this.modified = b.modified;
        this.immediate = b.immediate == null ? b.services.build().isEmpty() : b.immediate;
        this.enabled = b.enabled;
        this.configurationPolicy = b.configurationPolicy;
        this.configurationPid = b.configurationPid == null ? b.name : b.configurationPid;
        this.services = b.services.build();
        this.references = b.references.build();
        this.properties = ImmutableMap.copyOf(b.properties);
    }

    /**
     * Returns a builder.
     *
     * @param name                the component name
     * @param implementationClass its implementation class
     * @return the builder
     */
    public static Builder builder(String name, String implementationClass) {
        return new Builder(name, implementationClass);
    }

    /**
     * Returns the component name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the implementation class name.
     *
     * @return the fully qualified class name
     */
    public String implementationClass() {
        return implementationClass;
    }

    /**
     * Returns where the descriptor was read from, for messages.
     *
     * @return e.g. "sixflow-app.jar!/OSGI-INF/Foo.xml"
     */
    public String source() {
        return source;
    }

    /**
     * Returns the activate method name.
     *
     * @return the name ("activate" when the descriptor names none)
     */
    public String activate() {
        return activate;
    }

    /**
     * Returns whether the descriptor names the activate method (then it must exist).
     *
     * @return true if declared
     */
    public boolean activateDeclared() {
        return activateDeclared;
    }

    /**
     * Returns the deactivate method name.
     *
     * @return the name ("deactivate" when the descriptor names none)
     */
    public String deactivate() {
        return deactivate;
    }

    /**
     * Returns whether the descriptor names the deactivate method (then it must exist).
     *
     * @return true if declared
     */
    public boolean deactivateDeclared() {
        return deactivateDeclared;
    }

    /**
     * Returns the modified method name.
     *
     * @return the name, if the component takes configuration changes without reactivation
     */
    public Optional<String> modified() {
        return Optional.ofNullable(modified);
    }

    /**
     * Returns whether the component is immediate (all of ONOS's are).
     *
     * @return true if immediate
     */
    public boolean immediate() {
        return immediate;
    }

    /**
     * Returns whether the component is enabled from the start.
     *
     * @return true unless the descriptor says enabled="false"
     */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Returns the configuration policy.
     *
     * @return the policy
     */
    public ConfigurationPolicy configurationPolicy() {
        return configurationPolicy;
    }

    /**
     * Returns the configuration PID (the component name unless the descriptor says otherwise).
     *
     * @return the PID
     */
    public String configurationPid() {
        return configurationPid;
    }

    /**
     * Returns the service interfaces the component provides.
     *
     * @return fully qualified interface names, in descriptor order
     */
    public List<String> services() {
        return services;
    }

    /**
     * Returns the references, in descriptor order (the order SCR binds them in).
     *
     * @return the references
     */
    public List<ReferenceDescriptor> references() {
        return references;
    }

    /**
     * Returns the descriptor's properties, typed as SCR types them.
     *
     * @return name to value (an array for multi-valued properties)
     */
    public Map<String, Object> properties() {
        return properties;
    }

    @Override
    public String toString() {
        return name + " (" + source + ")";
    }

    /** Builds a descriptor; the parser and tests use it. */
    public static final class Builder {
        private final String name;
        private final String implementationClass;
        private String source = "built in code";
        private String activate;
        private String deactivate;
        private String modified;
        private Boolean immediate;
        private boolean enabled = true;
        private ConfigurationPolicy configurationPolicy = ConfigurationPolicy.OPTIONAL;
        private String configurationPid;
        private final ImmutableList.Builder<String> services = ImmutableList.builder();
        private final ImmutableList.Builder<ReferenceDescriptor> references = ImmutableList.builder();
        private final Map<String, Object> properties = new java.util.LinkedHashMap<>();

        private Builder(String name, String implementationClass) {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("A component needs a name");
            }
            if (implementationClass == null || implementationClass.isEmpty()) {
                throw new IllegalArgumentException("Component " + name + " has no implementation class");
            }
            this.name = name;
            this.implementationClass = implementationClass;
        }

        /**
         * Sets where the descriptor came from.
         *
         * @param value a description for messages
         * @return this builder
         */
        public Builder source(String value) {
            this.source = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Names the activate method.
         *
         * @param value the method name, or null for SCR's default
         * @return this builder
         */
        public Builder activate(String value) {
            this.activate = value;
            return this;
        }

        /**
         * Names the deactivate method.
         *
         * @param value the method name, or null for SCR's default
         * @return this builder
         */
        public Builder deactivate(String value) {
            this.deactivate = value;
            return this;
        }

        /**
         * Names the modified method.
         *
         * @param value the method name, or null for none
         * @return this builder
         */
        public Builder modified(String value) {
            this.modified = value;
            return this;
        }

        /**
         * Sets whether the component is immediate.
         *
         * @param value true, false, or null for SCR's default
         * @return this builder
         */
        public Builder immediate(Boolean value) {
            this.immediate = value;
            return this;
        }

        /**
         * Sets whether the component starts enabled.
         *
         * @param value true to enable
         * @return this builder
         */
        public Builder enabled(boolean value) {
            this.enabled = value;
            return this;
        }

        /**
         * Sets the configuration policy.
         *
         * @param value the policy
         * @return this builder
         */
        public Builder configurationPolicy(ConfigurationPolicy value) {
            this.configurationPolicy = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Sets the configuration PID.
         *
         * @param value the PID, or null for the component name
         * @return this builder
         */
        public Builder configurationPid(String value) {
            this.configurationPid = value;
            return this;
        }

        /**
         * Adds a provided service interface.
         *
         * @param interfaceName the fully qualified interface name
         * @return this builder
         */
        public Builder service(String interfaceName) {
            services.add(interfaceName);
            return this;
        }

        /**
         * Adds a reference.
         *
         * @param reference the reference
         * @return this builder
         */
        public Builder reference(ReferenceDescriptor reference) {
            references.add(reference);
            return this;
        }

        /**
         * Sets a property; a later one of the same name replaces an earlier one, as in SCR.
         *
         * @param key   the property name
         * @param value its typed value
         * @return this builder
         */
        public Builder property(String key, Object value) {
            properties.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        /**
         * Builds the descriptor.
         *
         * @return the descriptor
         */
        public ComponentDescriptor build() {
            return new ComponentDescriptor(this);
        }
    }
}
