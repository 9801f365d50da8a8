// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Real PPPoE control frames: a capture of lab/pppoe's VM system test (Debian's pppd 2.4.9 with
 * rp-pppoe.so on S-tag 100 / C-tags 10, 11, 12, Linux's pppoe-server with PAP), exported by
 * lab/pppoe/control_frames.py. C-tag 11 (bob@sixflow) got session 1, 10.33.0.10 and interface id
 * ::10:2, and ended with a PADT from the client then the server; C-tag 10 (alice@sixflow) session
 * 2, 10.33.0.11, ::10:1, LCP Terminate from the client then the server's PADT; C-tag 12
 * (mallory@sixflow) session 3, refused (PAP Authenticate-Nak), LCP Terminate both ways, PADT.
 * Both ends' MACs: the subscribers' NIC 52:54:00:5f:00:01, the server's 52:54:00:5f:00:02.
 */
final class CapturedFrames {

    static final MacAddress SUBSCRIBER = MacAddress.valueOf("52:54:00:5f:00:01");
    static final MacAddress SERVER = MacAddress.valueOf("52:54:00:5f:00:02");

    /** One captured frame. */
    static final class Captured {
        final int sVid;
        final int cVid;
        final String name;
        final byte[] bytes;

        Captured(int sVid, int cVid, String name, byte[] bytes) {
            this.sVid = sVid;
            this.cVid = cVid;
            this.name = name;
            this.bytes = bytes;
        }

        /** Whether the subscriber sent it (its source is the subscribers' NIC). */
        boolean fromSubscriber() {
            return Arrays.equals(Arrays.copyOfRange(bytes, 6, 12), SUBSCRIBER.toBytes());
        }

        /**
         * The frame as it reaches the relay through a BNG with this MAC: a subscriber addresses the
         * BNG (the PADO it got came from the BNG's MAC), its broadcasts stay broadcast; the server's
         * frames are as captured.
         */
        byte[] sentThrough(MacAddress bngMac) {
            byte[] frame = bytes.clone();
            if (fromSubscriber() && !MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)).isBroadcast()) {
                System.arraycopy(bngMac.toBytes(), 0, frame, 0, 6);
            }
            return frame;
        }

        /** The PPPoE session id. */
        int sessionId() {
            return ByteBuffer.wrap(bytes).getShort(22 + 2) & 0xffff;
        }

        @Override
        public String toString() {
            return sVid + "." + cVid + " " + name;
        }
    }

    private CapturedFrames() {
    }

    /** Every frame of the capture, in order. */
    static List<Captured> all() {
        List<Captured> frames = new ArrayList<>();
        try (InputStream in = CapturedFrames.class.getResourceAsStream("pppoe-vm-capture.txt");
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split(" ");
                frames.add(new Captured(Integer.parseInt(f[0]), Integer.parseInt(f[1]), f[2], hex(f[3])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frames;
    }

    /** The first frame of a line with a name ("PADS", "IPCP-2") and a direction. */
    static Captured first(int cVid, String name, boolean fromSubscriber) {
        return all().stream().filter(f -> f.cVid == cVid && f.name.equals(name) && f.fromSubscriber() == fromSubscriber)
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " on C-tag " + cVid));
    }

    static byte[] hex(String text) {
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
