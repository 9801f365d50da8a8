// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.google.protobuf.ByteString;
import org.junit.Test;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.TypedValue;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Counters from every TypedValue encoding a target may use, and the values that are not counters.
 */
public class TypedValuesTest {

    private static void assertBad(TypedValue value, String why) {
        try {
            TypedValues.counter(value);
            fail("accepted " + value);
        } catch (TypedValues.BadValueException e) {
            assertTrue(e.getMessage() + " should say " + why, e.getMessage().contains(why));
        }
    }

    @Test
    public void readsUintIntAndJson() throws Exception {
        assertEquals(42, TypedValues.counter(TypedValue.newBuilder().setUintVal(42).build()));
        assertEquals(7, TypedValues.counter(TypedValue.newBuilder().setIntVal(7).build()));
        assertEquals(123, TypedValues.counter(TypedValue.newBuilder()
                                                      .setJsonVal(ByteString.copyFromUtf8("123")).build()));
        // RFC 7951: 64-bit integers travel as strings.
        assertEquals(9_007_199_254_740_993L, TypedValues.counter(TypedValue.newBuilder()
                .setJsonIetfVal(ByteString.copyFromUtf8("\"9007199254740993\"")).build()));
        assertEquals(Long.MAX_VALUE, TypedValues.counter(TypedValue.newBuilder().setUintVal(Long.MAX_VALUE).build()));
    }

    @Test
    public void rejectsWhatIsNotACounter() {
        assertBad(TypedValue.newBuilder().setUintVal(-1L).build(), "18446744073709551615");
        assertBad(TypedValue.newBuilder().setIntVal(-5).build(), "negative");
        assertBad(TypedValue.getDefaultInstance(), "no value");
        assertBad(TypedValue.newBuilder().setStringVal("12").build(), "STRING_VAL");
        assertBad(TypedValue.newBuilder().setJsonVal(ByteString.copyFromUtf8("{oops")).build(), "unreadable");
        assertBad(TypedValue.newBuilder().setJsonIetfVal(ByteString.copyFromUtf8("\"-3\"")).build(), "not a counter");
        assertBad(TypedValue.newBuilder().setJsonIetfVal(ByteString.copyFromUtf8("1.5")).build(), "not a counter");
        assertBad(TypedValue.newBuilder().setJsonIetfVal(ByteString.copyFromUtf8("\"99999999999999999999\"")).build(),
                  "exceeds");
    }
}
