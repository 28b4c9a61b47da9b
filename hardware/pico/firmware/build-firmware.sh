#!/bin/bash
# Rebuild micropython-1.27.0-rpi_pico.bin: MicroPython v1.27.0, board RPI_PICO (RP2040), the stock configuration,
# without network and without picotool. About 2 minutes on 2 cores; the result is byte-identical
# (sha256 a7e114758d6d52e40a189ab3543022882b137f16212967accee66e434c882216).
#
#   MIRRORS=DIR build-firmware.sh [WORKDIR]
#
# MIRRORS holds git repositories (bare or not) named owner+name/repo: micropython+micropython,
# raspberrypi+pico-sdk, hathach+tinyusb, micropython+micropython-lib, Mbed-TLS+mbedtls. The submodules are placed
# at the commits v1.27.0 pins (`git ls-tree v1.27.0 lib/`). extract_tree.py writes a commit's tree and skips
# blobs a mirror lacks (an RP2350 register file, an mbedtls test vector: neither is used), where git archive fails.
# Needs: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake g++
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
MIR=${MIRRORS:?set MIRRORS to the folder of git mirrors}
W=${1:-$PWD/rp2-build}; X=$HERE/extract_tree.py
mkdir -p "$W/fw"
if [ ! -d "$W/micropython/.git" ]; then
  git clone -q "$MIR/micropython+micropython/repo" "$W/micropython"
  git -C "$W/micropython" -c advice.detachedHead=false checkout -q v1.27.0
fi
cd "$W/micropython"
[ -f lib/pico-sdk/README.md ]        || python3 $X "$MIR/raspberrypi+pico-sdk/repo" 9a4113fbbae65ee82d8cd6537963bc3d3b14bcca lib/pico-sdk
[ -f lib/tinyusb/README.rst ]        || python3 $X "$MIR/hathach+tinyusb/repo" aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf lib/tinyusb
[ -f lib/micropython-lib/README.md ] || python3 $X "$MIR/micropython+micropython-lib/repo" 6ae440a8a144233e6e703f6759b7e7a0afaa37a4 lib/micropython-lib
[ -f lib/mbedtls/README.md ]         || python3 $X "$MIR/Mbed-TLS+mbedtls/repo" 107ea89daaefb9867ea9121002fbbdf926780e98 lib/mbedtls
make -j2 -C mpy-cross > "$W/build-mpycross.log" 2>&1
cd ports/rp2
[ -f build-RPI_PICO/Makefile ] || cmake -S . -B build-RPI_PICO -DPICO_BUILD_DOCS=0 -DMICROPY_BOARD=RPI_PICO \
   -DMICROPY_BOARD_DIR="$PWD/boards/RPI_PICO" -DPICO_NO_PICOTOOL=1 > "$W/build-cmake.log" 2>&1
make -j2 -C build-RPI_PICO > "$W/build-make.log" 2>&1
cp build-RPI_PICO/firmware.bin "$W/fw/"
python3 ../../tools/uf2conv.py -b 0x10000000 -f 0xe48bff56 -c -o "$W/fw/firmware.uf2" "$W/fw/firmware.bin"
sha256sum "$W/fw/firmware.bin"
