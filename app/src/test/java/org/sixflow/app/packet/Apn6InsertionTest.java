// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.junit.Test;
import org.sixflow.app.testing.P4Source;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Finding and taking off the Hop-by-Hop header an APN6 insertion adds. */
public class Apn6InsertionTest {

    /** UDP (next header 17), hop limit 64, 8 octets of payload. */
    private static final byte[] PLAIN = ByteBuffer.allocate(48).putInt(0x6000_0000).putShort((short) 8).put((byte) 17)
            .put((byte) 64).put(new byte[32]).putLong(0x0102_0304_0506_0708L).array();

    /** As the classifier inserts it: Next Header 17, Hdr Ext Len 2, the option (type, 16, 16 octets), PadN of 2. */
    private static byte[] inserted(byte[] packet) {
        ByteBuffer hbh = ByteBuffer.allocate(24).put(packet[6]).put((byte) 2).put((byte) 0x1e).put((byte) 16)
                .putInt(3).putInt(4660).putInt(7).putInt(1).put((byte) 1).put((byte) 0).putShort((short) 0);
        byte[] out = ByteBuffer.allocate(packet.length + 24).put(packet, 0, 40).put(hbh.array())
                .put(packet, 40, packet.length - 40).array();
        out[6] = 0;
        ByteBuffer.wrap(out).putShort(4, (short) (packet.length - 40 + 24));
        return out;
    }

    @Test
    public void anInsertionIsFoundAndTakenOffWithTheHeaderMended() {
        byte[] marked = inserted(PLAIN);
        assertTrue(Apn6Insertion.isIn(marked));
        assertArrayEquals(PLAIN, Apn6Insertion.takenOff(marked));
    }

    @Test
    public void whatIsNoInsertionStaysAsItIs() {
        assertFalse(Apn6Insertion.isIn(PLAIN));
        assertArrayEquals(PLAIN, Apn6Insertion.takenOff(PLAIN));
        byte[] otherOption = inserted(PLAIN);
        otherOption[42] = 0x05;
        assertFalse("a Hop-by-Hop header with another option first", Apn6Insertion.isIn(otherOption));
        byte[] longer = inserted(PLAIN);
        longer[41] = 3;
        assertFalse("a Hop-by-Hop header of another length", Apn6Insertion.isIn(longer));
        byte[] cut = Arrays.copyOf(inserted(PLAIN), 40 + 20);
        assertFalse("cut off inside the header", Apn6Insertion.isIn(cut));
        assertArrayEquals(cut, Apn6Insertion.takenOff(cut));
    }

    @Test
    public void aCutPacketKeepsALengthThatDoesNotGoBelowZero() {
        byte[] marked = inserted(PLAIN);
        ByteBuffer.wrap(marked).putShort(4, (short) 10);
        assertEquals(0, ByteBuffer.wrap(Apn6Insertion.takenOff(marked)).getShort(4));
    }

    @Test
    public void theShapeIsTheP4s() {
        assertEquals(P4Source.value("common/define.p4", "APN6_OPTION_TYPE"), Apn6Insertion.OPTION_TYPE);
        assertEquals(P4Source.value("common/define.p4", "APN6_HBH_BYTES"), Apn6Insertion.HBH_BYTES);
    }
}
