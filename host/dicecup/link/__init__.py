"""Links between the hub and the cups: transports only, behind one interface (transport.open_transport).

    transport     the interface (read, write, close) and the backends by name, imported lazily
    serial_port   USB serial through pyserial; open_port is the one way dicecup opens a serial port
    ble           Bluetooth LE through bleak, loaded only when a BLE cup is opened
    usb           which serial ports are boards, by their USB ids

The wire codec itself is cupcore.wire (firmware/cupcore/wire.py); virtual cups are dicecup.sim.
"""
