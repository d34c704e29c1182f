<?php

$ch = curl_init();
curl_setopt_array($ch, [
    CURLOPT_URL => 'https://api.example.com/v1/charges',
    CURLOPT_HTTPHEADER => ['Content-Type: application/x-www-form-urlencoded'],
    CURLOPT_USERNAME => 'sk_test_123',
    CURLOPT_PASSWORD => '',
    CURLOPT_POSTFIELDS => 'amount=2000&currency=usd',
    CURLOPT_RETURNTRANSFER => true,
]);

$response = curl_exec($ch);
if ($response === false) {
    fwrite(STDERR, curl_error($ch) . PHP_EOL);
    exit(1);
}
curl_close($ch);

echo $response;
