// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onlab.packet.MacAddress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Real PPPoE control frames, in the order they were sent: lab/pppoe's VM system test (Debian's
 * pppd with rp-pppoe.so on S-tag 100 and C-tags 10, 11, 12; Linux's pppoe-server with PAP) as
 * lab/pppoe/control_frames.py exported it, the capture the app's BNG tests replay too. Alice
 * (C-tag 10) and bob (C-tag 11) came up, later ended; mallory (C-tag 12) was refused. The
 * subscribers and the server talked directly: each addressed the other's NIC.
 */
final class PppoeCapture {

    /** The subscribers' NIC in the capture. */
    static final MacAddress SUBSCRIBER_NIC = MacAddress.valueOf("52:54:00:5f:00:01");
    private static final String RESOURCE = "pppoe-vm-capture.txt";

    /** One captured frame. */
    static final class Frame {
        final int sVid;
        final int cVid;
        /** What it is: PADI..PADT, or a PPP protocol and code, e.g. LCP-1, PAP-3. */
        final String name;
        final byte[] bytes;

        Frame(int sVid, int cVid, String name, byte[] bytes) {
            this.sVid = sVid;
            this.cVid = cVid;
            this.name = name;
            this.bytes = bytes;
        }

        /** Whether a subscriber sent it (its source is the subscribers' NIC); else the server did. */
        boolean fromSubscriber() {
            return Arrays.equals(Arrays.copyOfRange(bytes, 6, 12), SUBSCRIBER_NIC.toBytes());
        }

        /**
         * The frame as the subscriber sends it through a BNG with this MAC: to the BNG (its PADO
         * came from the BNG's MAC), broadcasts staying broadcast. The server's frames are as
         * captured: the relay shows it the subscriber's MAC.
         */
        byte[] sentThrough(MacAddress bngMac) {
            byte[] frame = bytes.clone();
            if (fromSubscriber() && !MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)).isBroadcast()) {
                System.arraycopy(bngMac.toBytes(), 0, frame, 0, MacAddress.MAC_ADDRESS_LENGTH);
            }
            return frame;
        }

        @Override
        public String toString() {
            return sVid + "." + cVid + " " + name + (fromSubscriber() ? " from the subscriber" : " from the server");
        }
    }

    private PppoeCapture() {
    }

    /**
     * Reads the capture.
     *
     * @return its frames, in order
     */
    static List<Frame> frames() {
        List<Frame> frames = new ArrayList<>();
        try (InputStream in = PppoeCapture.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the demo's resources lack " + RESOURCE);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                // S-VID C-VID name frame (hex)
                String[] f = line.split(" ");
                frames.add(new Frame(Integer.parseInt(f[0]), Integer.parseInt(f[1]), f[2], hex(f[3])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frames;
    }

    private static byte[] hex(String text) {
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
