package dev.durable.spring.boot.app;

import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The beans the test workflows depend on, as an application declares them. */
@Configuration(proxyBeanMethods = false)
public class AppBeans {
  @Bean
  Mailbox mailbox() {
    return new Mailbox();
  }

  @Bean
  Greeter greeter() {
    return new Greeter();
  }

  @Bean
  Ledger ledger(DataSource dataSource) {
    return new Ledger(new JdbcTemplate(dataSource));
  }
}
