CREATE TABLE stock (
  item VARCHAR(100) PRIMARY KEY,
  quantity INT NOT NULL
);
INSERT INTO stock (item, quantity) VALUES ('teapot', 10);
