# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Writes the CHAP packets (RFC 1994) the app's BNG tests build byte by byte, as scapy's PPP
layers build them, one "name hex" a line: the capture of tests/test_pppoe_vm_system.py used PAP,
so these are the app's CHAP check against another implementation. PppControlTest compares.

    .venv/bin/python lab/pppoe/chap_frames.py > app/src/test/resources/org/sixflow/app/features/bng/impl/chap-scapy.txt
"""

from scapy.all import raw
from scapy.layers.ppp import PPP_CHAP, PPP_CHAP_ChallengeResponse

MD5 = bytes.fromhex("00112233445566778899aabbccddeeff")

if __name__ == "__main__":
    print("# CHAP packets by scapy (lab/pppoe/chap_frames.py): name hex")
    print("challenge", raw(PPP_CHAP_ChallengeResponse(code=1, id=7, value=bytes.fromhex("01020304"),
                                                      optional_name=b"server")).hex())
    print("response", raw(PPP_CHAP_ChallengeResponse(code=2, id=7, value=MD5, optional_name=b"bob")).hex())
    print("success", raw(PPP_CHAP(code=3, id=7)).hex())
    print("failure", raw(PPP_CHAP(code=4, id=7, data=b"no")).hex())
