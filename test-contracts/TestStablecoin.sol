// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestStablecoin
/// @notice A plain ERC-20 that stands in for USDT and USDC on the local test-mode devnets.
/// @dev Anyone may mint: it is a test token, and test wallets must be able to fund themselves
///      without a faucet or an owner key. Never deploy it anywhere real money lives.
///      Errors follow ERC-6093 so wallets and tooling decode them.
contract TestStablecoin {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidReceiver(address receiver);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An allowance of type(uint256).max means "unlimited" and is not spent, as most tokens do.
        if (allowed != type(uint256).max) {
            if (allowed < value) revert ERC20InsufficientAllowance(msg.sender, allowed, value);
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice Creates `amount` new tokens for `to`. Open to every caller on purpose (see above).
    function mint(address to, uint256 amount) external {
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        totalSupply += amount;
        unchecked {
            // Cannot overflow: totalSupply bounds every balance and was checked just above.
            balanceOf[to] += amount;
        }
        // Minting is a Transfer from the zero address, as the standard asks, so log scanners see it.
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 balance = balanceOf[from];
        if (balance < value) revert ERC20InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
            // Cannot overflow: the sum of all balances is totalSupply.
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
