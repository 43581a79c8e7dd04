package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.cli.CliRunner.Result;
import dev.durable.cli.fixtures.OrderFlowClient;
import dev.durable.cli.fixtures.OrderFlowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.codec.PayloadCodecs;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * durable-cli on a store whose engines encrypt payloads: without the key store it shows what
 * encoded a payload and under which key, never the payload; with the key store (its password
 * from the environment, never printed) it shows the payload; {@code reencode} counts the payloads
 * by key and moves them to the current one.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.cli.Stores#all")
class PayloadCodecCliTest {
  private static final String PASSWORD = "key-store-s3cret";

  @Parameter Stores store;

  @TempDir Path directory;

  private Stores.Database db;
  private Path keyStore;
  private SecretKey k1;
  private SecretKey k2;

  @BeforeEach
  void openStore() throws Exception {
    db = store.open(directory);
    k1 = new SecretKeySpec(new byte[16], "AES");
    byte[] second = new byte[32];
    second[0] = 7;
    k2 = new SecretKeySpec(second, "AES");
    KeyStore keys = KeyStore.getInstance("PKCS12");
    keys.load(null, null);
    KeyStore.ProtectionParameter protection = new KeyStore.PasswordProtection(
        PASSWORD.toCharArray());
    keys.setEntry("k1", new KeyStore.SecretKeyEntry(k1), protection);
    keys.setEntry("k2", new KeyStore.SecretKeyEntry(k2), protection);
    keyStore = directory.resolve("payload-keys.p12");
    try (OutputStream out = Files.newOutputStream(keyStore)) {
      keys.store(out, PASSWORD.toCharArray());
    }
  }

  @AfterEach
  void closeStore() {
    if (db != null) {
      db.close();
    }
  }

  private Result cli(Map<String, String> environment, String... args) {
    List<String> all = new ArrayList<>(List.of("--jdbc-url", db.url()));
    all.addAll(List.of(args));
    Result result = CliRunner.run(environment, all.toArray(String[]::new));
    assertFalse(result.out().contains(PASSWORD) || result.err().contains(PASSWORD),
        "the key store's password is never printed: " + result);
    return result;
  }

  private Map<String, String> withKeys() {
    return Map.of("DURABLE_KEY_STORE", keyStore.toString(),
        "DURABLE_KEY_STORE_PASSWORD", PASSWORD);
  }

  private String startUnderK1() {
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(db.url()).discover(false)
        .payloadCodec(PayloadCodecs.aesGcm(Map.of("k1", k1), "k1"))
        .register(new OrderFlowDurable(new AtomicBoolean())).build()) {
      String id = OrderFlowClient.of(engine).start("secret-run", "item-secret", false).id();
      engine.tick();
      return id;
    }
  }

  @Test
  void showNamesTheKeyWithoutTheKeyStoreAndThePayloadWithIt() {
    String id = startUnderK1();

    Result without = cli(Map.of(), "show", id);
    assertEquals(0, without.code(), without::toString);
    assertTrue(without.out()
        .matches("(?s).*input        encoded \\(aes-gcm, key k1, \\d+ bytes\\)\\n.*"),
        without.out());
    assertFalse(without.out().contains("item-secret"), without.out());

    Result with = cli(withKeys(), "show", id);
    assertEquals(0, with.code(), with::toString);
    assertTrue(with.out().contains("input        [\"item-secret\",false]\n"), with.out());
  }

  @Test
  void reencodeCountsByKeyAndMovesEveryPayloadToTheCurrentKey() {
    startUnderK1();

    Result counted = cli(withKeys(), "reencode");
    assertEquals(0, counted.code(), counted::toString);
    assertTrue(counted.out().contains("aes-gcm, key k1\n"), counted.out());
    assertFalse(counted.out().contains("key k2"), counted.out());

    Result refused = cli(withKeys(), "reencode", "--yes");
    assertEquals(ExitCodes.USAGE, refused.code(), refused::toString);
    assertTrue(refused.err().contains("name the key to encode under: --current-key <alias>"),
        refused.err());

    Result moved = cli(withKeys(), "reencode", "--yes", "--current-key", "k2", "--batch", "2");
    assertEquals(0, moved.code(), moved::toString);
    assertTrue(moved.out().matches("(?s)re-encoded [1-9]\\d* stored payload\\(s\\);.*"),
        moved.out());
    assertFalse(moved.out().contains("key k1"), moved.out());
    assertTrue(moved.out().contains("aes-gcm, key k2\n"), moved.out());

    Result json = cli(withKeys(), "reencode", "--json");
    assertTrue(json.json().at("/encodings/aes-gcm, key k2").asLong() > 0, json.out());
    assertTrue(json.json().at("/encodings/aes-gcm, key k1").isMissingNode(), json.out());
  }
}
