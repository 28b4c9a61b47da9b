"""USB serial (and the virtual cups' pseudo-terminals) through pyserial."""
import serial

from .transport import LinkDown, Transport

BAUD = 115200  # USB CDC ignores it; a UART bridge (CH340, CP210x) on an ESP32 board needs it


class SerialTransport(Transport):
    kind = "serial"

    def __init__(self, target: str):
        super().__init__(target)
        try:
            self._port = serial.Serial(target, BAUD, timeout=0, write_timeout=2, exclusive=True)
        except serial.SerialException as error:
            raise LinkDown(_explain(target, error)) from None

    def read(self, timeout: float) -> bytes:
        try:
            self._port.timeout = timeout
            first = self._port.read(1)
            if not first:
                return b""
            waiting = self._port.in_waiting
            return first + (self._port.read(waiting) if waiting else b"")
        except (serial.SerialException, OSError, TypeError) as error:
            # pyserial raises TypeError on some platforms when the device vanishes mid-read
            raise LinkDown(f"{self.target}: the cup went away ({error})") from None

    def write(self, data: bytes) -> None:
        try:
            self._port.write(data)
        except (serial.SerialException, OSError) as error:
            raise LinkDown(f"{self.target}: the cup went away ({error})") from None

    def close(self) -> None:
        try:
            self._port.close()
        except (serial.SerialException, OSError):
            pass


def _explain(target: str, error) -> str:
    text = str(error)
    if "could not exclusively lock" in text or "Device or resource busy" in text:
        return f"{target} is busy: another program (a serial monitor, Thonny, mpremote) has it open; close it"
    if "Permission denied" in text:
        return (f"{target}: permission denied; on Linux add yourself to the dialout group "
                "(sudo usermod -aG dialout $USER, then log in again)")
    if "No such file" in text or "could not open port" in text:
        return f"{target}: no such port; is the cup plugged in? (`dicecup ports` lists what is there)"
    return f"{target}: {text}"
