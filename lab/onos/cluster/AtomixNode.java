// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

import io.atomix.core.Atomix;
import io.atomix.core.AtomixConfig;

import java.io.File;
import java.util.Collections;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One Atomix 3.1 storage node for an ONOS 2.7 cluster, as Atomix's own agent (not on Maven Central
 * past 3.0.2) would run it: reads the node's configuration (the file tools/test/bin/atomix-gen-config
 * of ONOS writes: cluster with bootstrap discovery, a Raft management group and a Raft partition
 * group), starts the node, prints a ready line, and stops the node on SIGTERM/SIGINT.
 *
 * <p>Compiled at run time by lab/onos/cluster.py against the atomix 3.1.9 jars; not part of any
 * Maven module.
 */
public final class AtomixNode {
    private AtomixNode() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: AtomixNode CONFIG.json");
            System.exit(2);
        }
        AtomixConfig config = Atomix.config(AtomixNode.class.getClassLoader(),
                Collections.singletonList(new File(args[0])));
        Atomix atomix = Atomix.builder(config, AtomixNode.class.getClassLoader()).build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("ATOMIX STOPPING " + config.getClusterConfig().getNodeConfig().getId());
            try {
                atomix.stop().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.out.println("ATOMIX stop: " + e);
            }
            System.out.println("ATOMIX STOPPED");
            System.out.flush();
            stopped.countDown();
        }, "atomix-node-shutdown"));
        long started = System.currentTimeMillis();
        System.out.println("ATOMIX STARTING " + config.getClusterConfig().getNodeConfig().getId()
                + " at " + config.getClusterConfig().getNodeConfig().getAddress());
        try {
            atomix.start().join();
        } catch (Exception e) {
            System.out.println("ATOMIX FAILED " + e);
            e.printStackTrace(System.out);
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
        System.out.println("ATOMIX READY " + config.getClusterConfig().getNodeConfig().getId()
                + " after " + (System.currentTimeMillis() - started) + " ms");
        System.out.flush();
        stopped.await();
    }
}
