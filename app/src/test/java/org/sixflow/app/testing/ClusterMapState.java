// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.StorageException;
import org.onosproject.store.service.Versioned;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One named map of a {@link ClusterStorageService} cluster: its entries (as the serializer's
 * bytes), its version counter, its listeners from every instance, and the single thread that
 * runs its operations and delivers its events.
 */
final class ClusterMapState {

    private final String name;
    private final long timeoutMillis;
    private final ExecutorService thread;
    private volatile Thread atomixThread;
    /** Encoded key (as a wrapped byte string) to the encoded value and its version. */
    final Map<Bytes, Versioned<byte[]>> entries = new ConcurrentHashMap<>();
    final AtomicLong versions = new AtomicLong();
    private final List<Registration> listeners = new CopyOnWriteArrayList<>();
    /** Operations and event deliveries queued but not yet finished, on every executor. */
    private final AtomicInteger pending = new AtomicInteger();

    ClusterMapState(String name, long timeoutMillis) {
        this.name = name;
        this.timeoutMillis = timeoutMillis;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "atomix-" + name);
            t.setDaemon(true);
            atomixThread = t;
            return t;
        });
    }

    String name() {
        return name;
    }

    /**
     * Runs an operation on the map's thread and waits for it, as a blocking ONOS map call does;
     * a call made on that thread (from a listener) runs at once.
     */
    <T> T call(Callable<T> operation) {
        if (Thread.currentThread() == atomixThread) {
            return run(operation);
        }
        pending.incrementAndGet();
        Future<T> result = thread.submit(() -> {
            try {
                return run(operation);
            } finally {
                pending.decrementAndGet();
            }
        });
        try {
            return result.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StorageException.Timeout();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException.Interrupted();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new StorageException(e.getCause());
        }
    }

    private static <T> T run(Callable<T> operation) {
        try {
            return operation.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new StorageException(e);
        }
    }

    void addListener(Object owner, Consumer<MapEvent<byte[], byte[]>> listener, Executor executor) {
        listeners.add(new Registration(owner, listener, executor));
    }

    void removeListener(Object owner) {
        listeners.removeIf(r -> r.owner == owner);
    }

    /** Queues an event for every listener of every instance; called on the map's thread. */
    void publish(MapEvent.Type type, byte[] key, Versioned<byte[]> now, Versioned<byte[]> before) {
        MapEvent<byte[], byte[]> event = new MapEvent<>(type, name, key, now, before);
        for (Registration r : listeners) {
            pending.incrementAndGet();
            Runnable delivery = () -> {
                try {
                    r.listener.accept(event);
                } finally {
                    pending.decrementAndGet();
                }
            };
            // Delivered after the operation returns, on the map's thread unless the listener
            // asked for its own executor: Atomix completes the call, then notifies.
            thread.execute(() -> r.executor.execute(delivery));
        }
    }

    /** Waits until nothing is queued or running for this map. */
    void await() {
        long deadline = System.currentTimeMillis() + 10 * timeoutMillis;
        while (pending.get() > 0) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("map " + name + " still has " + pending.get() + " operations or events");
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    void shutdown() {
        thread.shutdownNow();
    }

    private static final class Registration {
        final Object owner;
        final Consumer<MapEvent<byte[], byte[]>> listener;
        final Executor executor;

        Registration(Object owner, Consumer<MapEvent<byte[], byte[]>> listener, Executor executor) {
            this.owner = owner;
            this.listener = listener;
            this.executor = executor;
        }
    }

    /** A byte string usable as a map key. */
    static final class Bytes {
        final byte[] value;

        Bytes(byte[] value) {
            this.value = value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes && java.util.Arrays.equals(value, ((Bytes) o).value);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(value);
        }
    }
}
