#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Builds the small Debian VM in which the lab runs real pppd and pppoe-server (lab/pppoe/README.md):
# this host's kernel has neither PPP nor 802.1Q, a Debian kernel in qemu has both. Everything goes
# to $OUT (default /opt/sixflow-pppvm), nothing into the repository:
#   vmlinuz        Debian's generic amd64 kernel (the cloud kernel has no PPP)
#   initrd.cpio.gz busybox-static, the virtio modules and an /init that mounts the root disk
#   root.ext4      debootstrap'ed bookworm (minbase + ppp, pppoe, iproute2, python3, tcpdump, radvd,
#                  kea-dhcp6-server, wide-dhcpv6-client, ...),
#                  the kernel's network modules, lab/pppoe/guest/* (agent and init); qemu opens it
#                  with -snapshot, so every boot starts from the same disk
#   build.json     the kernel version and what each file was built from
# Usage: sudo lab/pppoe/build-vm.sh [step ...]
# Steps: host kernel rootfs modules guest initrd image (default all). Each prints its time and does
# nothing when its result is there and newer than its inputs, so an interrupted build resumes and a
# second run after editing lab/pppoe/guest/ only redoes guest and image (a few seconds).
# Needs root (debootstrap, chroot) and Debian's package archive (the host's apt sources).
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT=${OUT:-/opt/sixflow-pppvm}
SUITE=${SUITE:-bookworm}
# The archive the host's apt already uses, unless MIRROR says otherwise.
MIRROR=${MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
# What the guest needs on top of minbase. python3 runs the agent (python3-minimal has no json).
PACKAGES=${PACKAGES:-ppp,pppoe,iproute2,kmod,python3,tcpdump,procps,iputils-ping,radvd,wide-dhcpv6-client,kea-dhcp6-server}
# Modules the guest loads (their dependencies come along): virtio devices, PPPoE, VLANs, veth.
# dummy is a subscriber's LAN, where DHCPv6 prefix delegation puts its first /64.
GUEST_MODULES="virtio_pci virtio_net virtio_console virtio_blk pppoe ppp_generic ppp_async 8021q veth bridge dummy"
INITRD_MODULES="virtio_pci virtio_blk crc32c_generic ext4"

[ "$(id -u)" = 0 ] || { echo "build-vm: needs root (debootstrap, chroot)" >&2; exit 2; }
[ -n "$MIRROR" ] || { echo "build-vm: no Debian archive in the host's apt sources: set MIRROR" >&2; exit 2; }

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(host kernel rootfs modules guest initrd image)
mkdir -p "$OUT"
started=$(date +%s)
say() { echo "=== [$(date +%T)] $*"; }
# newer OUTPUT INPUT...: true when OUTPUT exists and is newer than every INPUT (files or folders).
newer() {
    local out=$1; shift
    [ -e "$out" ] || return 1
    [ -z "$(find "$@" -newer "$out" -print -quit 2>/dev/null)" ]
}
kver() { cat "$OUT/kernel.version"; }

step_host() {
    local missing=()
    command -v qemu-system-x86_64 >/dev/null || missing+=(qemu-system-x86)
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    command -v mke2fs >/dev/null || missing+=(e2fsprogs)
    command -v cpio >/dev/null || missing+=(cpio)
    command -v depmod >/dev/null || [ -x /sbin/depmod ] || missing+=(kmod)
    command -v tcpdump >/dev/null || missing+=(tcpdump)
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

step_kernel() {
    # linux-image-amd64 names the current ABI's package; download that (and busybox-static).
    local pkg
    pkg=$(apt-cache depends linux-image-amd64 | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -1)
    [ -n "$pkg" ] || { echo "build-vm: apt knows no linux-image-amd64 (apt-get update?)" >&2; exit 1; }
    local ver=${pkg#linux-image-}
    if [ -f "$OUT/vmlinuz" ] && [ "$(cat "$OUT/kernel.version" 2>/dev/null)" = "$ver" ] \
            && [ -f "$OUT/kernel/lib/modules/$ver/modules.dep" ] && [ -x "$OUT/busybox" ]; then
        echo "kernel $ver is there"; return
    fi
    mkdir -p "$OUT/debs"
    (cd "$OUT/debs" && rm -f ./*.deb && apt-get download -q "$pkg" busybox-static 2>&1 | grep -v unsandboxed || true)
    rm -rf "$OUT/kernel" "$OUT/bb"
    dpkg-deb -x "$OUT"/debs/linux-image-*.deb "$OUT/kernel"
    dpkg-deb -x "$OUT"/debs/busybox-static_*.deb "$OUT/bb"
    cp "$OUT/kernel/boot/vmlinuz-$ver" "$OUT/vmlinuz"
    cp "$OUT/bb/bin/busybox" "$OUT/busybox"
    rm -rf "$OUT/bb" "$OUT/debs"
    # The package leaves modules.dep to its postinst; the closures below read it.
    depmod -b "$OUT/kernel" "$ver"
    echo "$ver" > "$OUT/kernel.version"
    grep -E '^CONFIG_(PPP|PPPOE|VLAN_8021Q)=' "$OUT/kernel/boot/config-$ver"
}

step_rootfs() {
    local stamp="$OUT/rootfs/.sixflow-debootstrap"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$SUITE $PACKAGES" ]; then
        echo "rootfs is there"; return
    fi
    rm -rf "$OUT/rootfs"
    # Daemons in the packages must not start inside the chroot.
    debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$OUT/rootfs" "$MIRROR"
    # Room: no documentation, no package lists; the disk image is made from this folder.
    rm -rf "$OUT"/rootfs/usr/share/{doc,man,info,locale} "$OUT"/rootfs/var/cache/apt/*.bin \
        "$OUT"/rootfs/var/lib/apt/lists/* "$OUT"/rootfs/var/cache/apt/archives/*.deb
    # Debian starts these from init scripts; the lab starts what it needs itself.
    echo "$SUITE $PACKAGES" > "$stamp"
}

# closure KERNEL_ROOT VERSION MODULE...: relative paths of the modules and all they depend on.
closure() {
    python3 - "$@" <<'PY'
import os, sys
root, ver, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
base = os.path.join(root, "lib/modules", ver)
deps, by_name = {}, {}
for line in open(os.path.join(base, "modules.dep")):
    path, _, rest = line.partition(":")
    deps[path] = rest.split()
    name = os.path.basename(path).split(".ko")[0].replace("-", "_")
    by_name[name] = path
order, seen = [], set()
def visit(path):
    if path in seen:
        return
    seen.add(path)
    for dep in deps[path]:
        visit(dep)
    order.append(path)
for name in wanted:
    if name not in by_name:
        sys.exit("no module %s in the kernel (built in?)" % name)
    visit(by_name[name])
print("\n".join(order))
PY
}

step_modules() {
    local ver; ver=$(kver)
    local dst="$OUT/rootfs/lib/modules/$ver"
    local stamp="$OUT/rootfs/.sixflow-modules"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$ver $GUEST_MODULES" ]; then
        echo "modules are there"; return
    fi
    rm -rf "$OUT"/rootfs/lib/modules/* "$stamp"
    mkdir -p "$dst"
    local rel mods
    mods=$(closure "$OUT/kernel" "$ver" $GUEST_MODULES)
    for rel in $mods; do
        mkdir -p "$dst/$(dirname "$rel")"
        cp "$OUT/kernel/lib/modules/$ver/$rel" "$dst/$rel"
    done
    cp "$OUT/kernel/lib/modules/$ver"/modules.{order,builtin,builtin.modinfo} "$dst/"
    depmod -b "$OUT/rootfs" "$ver"
    echo "$ver $GUEST_MODULES" > "$stamp"
    echo "$(find "$dst" -name '*.ko*' | wc -l) modules"
}

step_guest() {
    local g="$here/guest"
    if newer "$OUT/rootfs/.sixflow-guest" "$g" "$OUT/rootfs/.sixflow-debootstrap"; then
        echo "guest files are there"; return
    fi
    install -m 0755 "$g/sixflow-init" "$OUT/rootfs/sbin/sixflow-init"
    install -m 0755 "$g/agent.py" "$OUT/rootfs/sbin/sixflow-agent"
    install -m 0755 "$g/ipv6-up.local" "$g/ipv6-down.local" "$OUT/rootfs/etc/ppp/"
    echo sixflow-pppvm > "$OUT/rootfs/etc/hostname"
    touch "$OUT/rootfs/.sixflow-guest"
}

step_initrd() {
    local ver; ver=$(kver)
    if newer "$OUT/initrd.cpio.gz" "$OUT/kernel.version" "$here/guest/initrd-init"; then
        echo "initrd is there"; return
    fi
    local tmp; tmp=$(mktemp -d)
    mkdir -p "$tmp"/{bin,dev,proc,sys,newroot,modules}
    cp "$OUT/busybox" "$tmp/bin/busybox"
    install -m 0755 "$here/guest/initrd-init" "$tmp/init"
    local rel mods
    mods=$(closure "$OUT/kernel" "$ver" $INITRD_MODULES)
    for rel in $mods; do
        cp "$OUT/kernel/lib/modules/$ver/$rel" "$tmp/modules/"
        basename "$rel" >> "$tmp/modules/order"
    done
    (cd "$tmp" && find . | cpio -o -H newc --quiet | gzip -9) > "$OUT/initrd.cpio.gz.part"
    mv "$OUT/initrd.cpio.gz.part" "$OUT/initrd.cpio.gz"
    rm -rf "$tmp"
}

step_image() {
    if newer "$OUT/root.ext4" "$OUT/rootfs/.sixflow-guest" "$OUT/rootfs/.sixflow-modules" \
            "$OUT/rootfs/.sixflow-debootstrap"; then
        echo "root.ext4 is there"; return
    fi
    local mb; mb=$(( $(du -sm "$OUT/rootfs" | cut -f1) * 3 / 2 + 64 ))
    rm -f "$OUT/root.ext4.part"
    mke2fs -q -t ext4 -L sixflow-root -d "$OUT/rootfs" "$OUT/root.ext4.part" "${mb}M"
    mv "$OUT/root.ext4.part" "$OUT/root.ext4"
    cat > "$OUT/build.json" <<JSON
{"kernel": "$(kver)", "suite": "$SUITE", "packages": "$PACKAGES", "imageMB": $mb,
 "built": "$(date -u +%FT%TZ)"}
JSON
    echo "root.ext4: ${mb} MB"
}

for s in "${steps[@]}"; do
    declare -F "step_$s" >/dev/null || { echo "build-vm: no step $s (host kernel rootfs modules guest initrd image)" >&2; exit 2; }
    t0=$(date +%s)
    say "$s"
    "step_$s"
    say "$s took $(( $(date +%s) - t0 )) s"
done
say "done in $(( $(date +%s) - started )) s: $OUT/{vmlinuz,initrd.cpio.gz,root.ext4}"
