// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * ONOS's Kryo serializers (which Sixflow's stores build at class load) reflect into the JDK's own
 * classes, which Java 17 forbids unless java.base opens its packages; ONOS 2.7 runs on Java 11,
 * where that is only a warning. The lab runs wherever `java` is: if the packages are closed, it
 * starts itself again with them opened (the same class path and arguments) and waits for that
 * process, passing its exit status on and stopping it when stopped itself.
 */
final class OpenModules {

    /** What the build's surefire configuration opens for the same reason. */
    static final List<String> PACKAGES = List.of(
            "java.lang", "java.lang.invoke", "java.lang.reflect", "java.util", "java.util.concurrent",
            "java.util.concurrent.atomic", "java.util.concurrent.locks", "java.util.regex", "java.nio", "java.net",
            "java.time", "java.io", "java.text", "java.math", "java.security");

    private OpenModules() {
    }

    /** True if every package is open to this class's (unnamed) module. */
    static boolean open() {
        Module base = Object.class.getModule();
        Module us = OpenModules.class.getModule();
        return PACKAGES.stream().allMatch(p -> base.isOpen(p, us));
    }

    /**
     * Runs the main class again in a JVM that opens the packages, and exits with its status.
     *
     * @param mainClass the main class
     * @param args      its arguments
     * @throws Exception if the JVM cannot be started or waited for
     */
    static void relaunch(Class<?> mainClass, String[] args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java"));
        for (String p : PACKAGES) {
            command.add("--add-opens");
            command.add("java.base/" + p + "=ALL-UNNAMED");
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).inheritIO().start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            child.destroy();
            try {
                child.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "lab-relaunch-stop"));
        System.exit(child.waitFor());
    }
}
