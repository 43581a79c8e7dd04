package dev.durable.rabbitmq;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy in front of the broker whose connections the test can cut, as if the network failed:
 * {@link #cut} closes every connection through it at once; new ones are accepted, so that a
 * client that reconnects by itself gets through again.
 */
final class CuttableProxy implements AutoCloseable {
  private final ServerSocket server;
  private final String targetHost;
  private final int targetPort;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

  CuttableProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "test-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** The port clients connect to instead of the broker's. */
  int port() {
    return server.getLocalPort();
  }

  /** Closes every connection through the proxy now. */
  void cut() {
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
    sockets.clear();
  }

  @Override
  public void close() {
    closeQuietly(server);
    cut();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket broker = new Socket();
        broker.connect(new InetSocketAddress(targetHost, targetPort));
        sockets.add(client);
        sockets.add(broker);
        pump(client, broker);
        pump(broker, client);
      } catch (IOException e) {
        // closed, or the broker refused: the client sees its connection fail and tries again
      }
    }
  }

  /** Copies what {@code from} receives to {@code to}; closes both when either ends. */
  private void pump(Socket from, Socket to) {
    Thread thread = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int read;
        while ((read = in.read(buffer)) >= 0) {
          out.write(buffer, 0, read);
          out.flush();
        }
      } catch (IOException e) {
        // cut, or closed by either side
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "test-proxy-pump");
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // closing: nothing to do
    }
  }
}
