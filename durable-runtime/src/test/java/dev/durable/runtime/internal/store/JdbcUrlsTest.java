package dev.durable.runtime.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** JDBC URLs as the log and error messages show them: every password masked, nothing else. */
class JdbcUrlsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      jdbc:postgresql://db/app?user=app&password=s3cret                | jdbc:postgresql://db/app?user=app&password=********
      jdbc:postgresql://db/app?password=s3cret&user=app&ssl=true       | jdbc:postgresql://db/app?password=********&user=app&ssl=true
      jdbc:postgresql://db/app?sslmode=verify-full&sslpassword=k3y     | jdbc:postgresql://db/app?sslmode=verify-full&sslpassword=********
      jdbc:postgresql://db/app?PassWord=s3cret                         | jdbc:postgresql://db/app?PassWord=********
      jdbc:postgresql://db/app?user=app&password=                      | jdbc:postgresql://db/app?user=app&password=********
      jdbc:h2:./data/durable;USER=sa;PASSWORD=s3cret;AUTO_SERVER=TRUE  | jdbc:h2:./data/durable;USER=sa;PASSWORD=********;AUTO_SERVER=TRUE
      jdbc:h2:./data/durable;CIPHER=AES;PASSWORD=filepw userpw         | jdbc:h2:./data/durable;CIPHER=AES;PASSWORD=********
      jdbc:h2:mem:x;password=s3cret                                    | jdbc:h2:mem:x;password=********
      jdbc:mysql://app:s3cret@db:3306/app                              | jdbc:mysql://app:********@db:3306/app
      jdbc:mysql://app:s3cret@db/app?pwd=other                         | jdbc:mysql://app:********@db/app?pwd=********
      jdbc:postgresql://127.0.0.1:5432/test?user=postgres              | jdbc:postgresql://127.0.0.1:5432/test?user=postgres
      jdbc:h2:./durable-data/durable                                   | jdbc:h2:./durable-data/durable
      jdbc:h2:mem:durable-1;DB_CLOSE_DELAY=-1                          | jdbc:h2:mem:durable-1;DB_CLOSE_DELAY=-1
      jdbc:postgresql://db:5432/app?user=app@corp&sslmode=require      | jdbc:postgresql://db:5432/app?user=app@corp&sslmode=require
      """)
  void everyPasswordIsMaskedAndTheRestShownAsItWas(String url, String shown) {
    assertEquals(shown, JdbcUrls.masked(url));
  }
}
